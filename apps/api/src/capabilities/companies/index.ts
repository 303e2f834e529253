/* The companies' public module: who belongs to which company, in which role, with what limit. */
export { membersOf, membershipOf, type Membership } from './repository.js';
