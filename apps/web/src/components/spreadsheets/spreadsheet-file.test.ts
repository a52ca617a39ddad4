import { describe, expect, it } from 'vitest';
import { formatFileSize, limitsText, spreadsheetFileProblem } from './spreadsheet-file';

const limits = { maxBytes: 10 * 1024 * 1024, maxRows: 50_000 };

describe('spreadsheetFileProblem', () => {
  it('lets .xlsx and .csv files up to 10 MB through, whatever the case of the extension', () => {
    expect(spreadsheetFileProblem({ name: 'exhibitors.xlsx', size: 2048 }, limits)).toBeNull();
    expect(spreadsheetFileProblem({ name: 'BADGES.CSV', size: 10 * 1024 * 1024 }, limits)).toBeNull();
  });

  it('names the file and the reason when it refuses one', () => {
    expect(spreadsheetFileProblem({ name: 'exhibitors.xls', size: 2048 }, limits)).toContain(
      'choose an .xlsx or .csv file',
    );
    expect(spreadsheetFileProblem({ name: 'photo.png', size: 2048 }, limits)).toMatch(
      /^photo\.png is not a spreadsheet/,
    );
    expect(spreadsheetFileProblem({ name: 'big.xlsx', size: 12.5 * 1024 * 1024 }, limits)).toBe(
      'big.xlsx is 12.5 MB, over the 10 MB a file may hold. Split it into smaller files.',
    );
    expect(spreadsheetFileProblem({ name: 'empty.csv', size: 0 }, limits)).toBe('empty.csv is empty.');
  });
});

describe('limitsText', () => {
  it('states the size in whole megabytes and the rows with thousands separators', () => {
    expect(limitsText(limits)).toBe('up to 10 MB and 50,000 rows');
    expect(limitsText({ maxBytes: 5 * 1024 * 1024, maxRows: 5_000 })).toBe('up to 5 MB and 5,000 rows');
  });
});

describe('formatFileSize', () => {
  it('answers bytes, KB or MB', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
