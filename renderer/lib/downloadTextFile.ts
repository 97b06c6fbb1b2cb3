/**
 * Hands a text file to the browser's own download (the browser shell, where main has no save
 * dialog): a link to the file in memory, clicked once, then let go.
 */
export function downloadTextFile(fileName: string, contents: string, type: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; the next turn is late enough.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A CSV file (order history, order guides) to the browser's own download. */
export const downloadCsvFile = (fileName: string, contents: string): void => downloadTextFile(fileName, contents, 'text/csv;charset=utf-8');
