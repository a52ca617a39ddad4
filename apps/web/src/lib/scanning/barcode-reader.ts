/** What the camera view needs of a barcode detector: the native one and the ponyfill both fit. */
export type BarcodeReader = { detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]> };

type NativeDetector = {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's own BarcodeDetector where it reads QR codes (Android, macOS), else the ZXing
 * ponyfill (Chromium on Linux and Windows, Firefox, Safari on older systems). Its WebAssembly file is
 * part of the build and served by the portal: a door device must scan with no other site reachable.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (Native) {
    const formats = await Native.getSupportedFormats().catch((): string[] => []);
    if (formats.includes('qr_code')) return new Native({ formats: ['qr_code'] });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
