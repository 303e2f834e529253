/**
 * The look of every file picker (import, quick order): the browser's own control with its button
 * drawn as a primary button. One class list for all, so the stylesheet carries its `file:`
 * utilities once.
 */
export const FILE_INPUT_CLASS =
  'w-full max-w-sm rounded-field border border-primary text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-primary file:px-4 file:py-2 file:font-semibold file:text-primary-content';
