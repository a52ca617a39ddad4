import { PNG } from 'pngjs';
import { encode } from 'uqr';

/** Pixels per QR module: crisp at the 200 px a mail shows it, and on a phone held to a scanner. */
const MODULE_PIXELS = 8;
/** Light modules around the code, as the QR standard asks for a reliable scan. */
const QUIET_ZONE = 4;

/**
 * The badge code as a black-on-white QR code PNG, from the same encoder (and error correction) as
 * the printed badge, so that a phone's screen and the paper scan alike.
 */
export function badgeQrPng(code: string): Buffer {
  const { data, size } = encode(code, { ecc: 'M', border: QUIET_ZONE });
  const side = size * MODULE_PIXELS;
  const png = new PNG({ width: side, height: side, colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8 });
  const pixels = Buffer.alloc(side * side, 0xff);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!data[row]![column]) continue;
      for (let y = row * MODULE_PIXELS; y < (row + 1) * MODULE_PIXELS; y++) pixels.fill(0, y * side + column * MODULE_PIXELS, y * side + (column + 1) * MODULE_PIXELS);
    }
  }
  png.data = pixels;
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}

/** The QR code as a `data:` URL, for a preview in the browser (a mail carries it inline instead). */
export const badgeQrDataUrl = (code: string): string => `data:image/png;base64,${badgeQrPng(code).toString('base64')}`;
