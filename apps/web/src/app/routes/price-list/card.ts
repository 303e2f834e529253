/** The frame of each section of a price list's page. */
export const card = 'flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6';
