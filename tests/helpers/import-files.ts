// Register files for the import's tests, made the way the programmes make them: an XLSX workbook
// written by exceljs (sheets of rows; a date cell is a Date), a CSV text in an encoding, and the odd
// files people upload by mistake.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

export type SheetRows = (string | number | boolean | Date | null | { formula: string; result?: unknown })[][];

/**
 * An XLSX workbook of the given sheets (first row: headers). `merge` merges ranges of a sheet.
 * @example await xlsxOf({ Случаи: [['Фамилия', 'Дата'], ['Асанов', new Date(Date.UTC(2024, 2, 5))]] })
 */
export async function xlsxOf(sheets: Record<string, SheetRows>, opts: { merge?: Record<string, string[]> } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    rows.forEach((r) => ws.addRow(r));
    for (const range of opts.merge?.[name] ?? []) ws.mergeCells(range);
    // a date column shown as a date, as a register keeps it
    ws.eachRow((row) => row.eachCell((c) => { if (c.value instanceof Date) c.numFmt = 'dd.mm.yyyy'; }));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * An XLSX workbook whose one sheet has a header and then a value on every row down to `lastRow`
 * (Excel's last is 1,048,576), written as XML directly: exceljs would take minutes.
 */
export async function xlsxWithRowsTo(lastRow: number, every = 1): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>');
  zip.file('xl/workbook.xml', '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Случаи" sheetId="1" r:id="rId1"/></sheets></workbook>');
  zip.file('xl/_rels/workbook.xml.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>');
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>', '<row r="1"><c r="A1" t="inlineStr"><is><t>Фамилия</t></is></c></row>'];
  for (let r = 2; r <= lastRow; r++) if (r % every === 0 || r === lastRow) parts.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>П${r}</t></is></c></row>`);
  parts.push('</sheetData></worksheet>');
  zip.file('xl/worksheets/sheet1.xml', parts.join(''));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}

/**
 * A CSV text of rows, `;`-separated (as Excel writes it in Russian Windows), in Windows-1251 or UTF-8.
 * @example csvOf([['Фамилия'], ['Асанов']], 'windows-1251')
 */
export function csvOf(rows: (string | number)[][], encoding: 'windows-1251' | 'utf-8' = 'utf-8', sep = ';'): Buffer {
  const text = rows.map((r) => r.map((c) => (/[;"\n,]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(sep)).join('\r\n') + '\r\n';
  return encoding === 'utf-8' ? Buffer.from(text, 'utf8') : cp1251(text);
}

/** Text in Windows-1251 (Cyrillic and ASCII only). */
function cp1251(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 128) out.push(c);
    else if (c >= 0x410 && c <= 0x44f) out.push(c - 0x410 + 0xc0);
    else if (c === 0x401) out.push(0xa8);
    else if (c === 0x451) out.push(0xb8);
    else if (c === 0x2116) out.push(0xb9);
    else out.push(0x3f);
  }
  return Buffer.from(out);
}
