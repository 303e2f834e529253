export * from './constants.js';
export * from './orders.js';
export * from './password.js';
export * from './schemas.js';
export * from './image-ref.js';
export * from './profiles.js';
