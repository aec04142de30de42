/**
 * How texts are compared when a file's value or header is matched to a code, a label or a name: case,
 * ё/е, spaces and punctuation around words do not count.
 * @example normalize('  Лёгочная  форма. ') // 'легочная форма'
 */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/^[\s.,;:!?*"'«»()-]+|[\s.,;:!?*"'«»()-]+$/g, '')
    .trim();
}
