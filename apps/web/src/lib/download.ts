/**
 * Hands a Blob to the browser as a download: an object URL on a temporary link with `download`,
 * released once the click has started the save.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the save in some browsers; a minute is plenty to start it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
