import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import {
  defaultCategoryMapping,
  describeDocument,
  ImportFileError,
  importErrorsOf,
  readImportFile,
} from './import-document';

const DOCUMENT = {
  format: 'exhibitor-portal.custom-fields',
  version: 1,
  event: { name: 'Nordic Tech Expo 2027' },
  categories: [
    { ref: 'category-1', name: 'Exhibitor Staff', badgeType: 'exhibitor' },
    { ref: 'category-2', name: 'Press', badgeType: 'visitor' },
  ],
  fields: [
    { categoryRef: 'category-1', key: 'diet' },
    { categoryRef: 'category-1', key: 'shirt' },
    { categoryRef: null, key: 'arrival' },
  ],
};

function badRequest(message: string, details: { field: string; message: string }[]) {
  const config = { headers: new AxiosHeaders() };
  const response = { status: 400, data: { statusCode: 400, error: 'Bad Request', message, details } } as AxiosResponse;
  return new AxiosError(message, 'ERR_BAD_REQUEST', config, null, { ...response, config, headers: {} });
}

describe('readImportFile', () => {
  it('reads the categories of an export, with the number of fields of each', async () => {
    const file = new File([JSON.stringify(DOCUMENT)], 'custom-fields-2027-03-01.json', { type: 'application/json' });
    const read = await readImportFile(file);
    expect(read).toMatchObject({
      fileName: 'custom-fields-2027-03-01.json',
      eventName: 'Nordic Tech Expo 2027',
      fieldCount: 3,
      eventWideCount: 1,
      categories: [
        { ref: 'category-1', name: 'Exhibitor Staff', fieldCount: 2 },
        { ref: 'category-2', name: 'Press', fieldCount: 0 },
      ],
    });
    expect(read.document).toEqual(DOCUMENT);
  });

  it('refuses what is not JSON, and an empty file, before anything is sent', async () => {
    await expect(readImportFile(new File(['name;key\n'], 'fields.csv'))).rejects.toThrow(ImportFileError);
    await expect(readImportFile(new File(['{"format": '], 'cut.json'))).rejects.toThrow('The file is not JSON');
    await expect(readImportFile(new File([], 'empty.json'))).rejects.toThrow('The file is empty.');
  });

  it('keeps a JSON file of another shape for the server to judge', () => {
    expect(describeDocument('list.json', [1, 2])).toMatchObject({ fieldCount: null, categories: [] });
  });
});

describe('defaultCategoryMapping', () => {
  it('maps each category to the one of the same name, ignoring case, else leaves it out', () => {
    const file = describeDocument('f.json', DOCUMENT);
    const targets = [
      { id: 11, name: 'Visitors' },
      { id: 12, name: 'exhibitor staff' },
    ];
    expect(defaultCategoryMapping(file.categories, targets)).toEqual({ 'category-1': 12, 'category-2': null });
    expect(defaultCategoryMapping(file.categories, [])).toEqual({ 'category-1': null, 'category-2': null });
  });
});

describe('importErrorsOf', () => {
  const refs = ['category-1', 'category-2'];

  it('puts a wrong format or a newer version on the file', () => {
    const message = 'The file was exported by a newer version of the portal (format 2); this one reads format 1';
    expect(importErrorsOf(badRequest(message, [{ field: 'document.version', message }]), refs)).toEqual({
      file: { message, problems: [] },
      mapping: {},
    });
  });

  it('lists the problems of a damaged file by their path in the file', () => {
    const errors = importErrorsOf(
      badRequest('The file is damaged: document.fields.3.type: Invalid option', [
        { field: 'document.fields.3.type', message: 'Invalid option' },
        { field: 'document.categories.0.ref', message: 'Each category once' },
      ]),
      refs,
    );
    expect(errors.file?.problems).toEqual([
      { path: 'fields.3.type', message: 'Invalid option' },
      { path: 'categories.0.ref', message: 'Each category once' },
    ]);
    expect(errors.form).toBeUndefined();
  });

  it('puts a refused category choice on that category, and the rest on the form', () => {
    const mapping = importErrorsOf(
      badRequest('Choose a badge category of this event', [
        { field: 'categoryMapping.category-2', message: 'Choose a badge category of this event' },
      ]),
      refs,
    );
    expect(mapping).toEqual({ mapping: { 'category-2': 'Choose a badge category of this event' } });
    expect(importErrorsOf(new Error('Network Error'), refs)).toEqual({
      mapping: {},
      form: 'Something went wrong. Please try again.',
    });
  });
});
