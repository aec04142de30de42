/**
 * Hands a file to the browser as a download.
 * @example download(new Blob([csv], { type: 'text/csv' }), 'indicator.csv')
 */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file name from a title: no characters a file system refuses, at most 100 long.
 * @example fileName('Исход / пол?', 'xlsx') // 'Исход _ пол_.xlsx'
 */
export const fileName = (title: string, ext: string): string => `${(title.trim() || 'indicator').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 100)}.${ext}`;
