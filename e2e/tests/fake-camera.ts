import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { encode } from 'uqr';
import { launchChromium } from './browser';

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PIXELS = 10;

/**
 * Writes a video file (YUV4MPEG2, 4:2:0) that Chromium plays as its camera under
 * --use-file-for-fake-video-capture: a QR code of `text`, black on white with its quiet zone,
 * in the middle of a white frame.
 */
export function writeQrVideo(path: string, text: string): void {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  const side = size * MODULE_PIXELS;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  // Luma: 235 is white, 16 black (the video range); chroma 128 is no colour.
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!data[row]![column]) continue;
      for (let y = 0; y < MODULE_PIXELS; y++) {
        const start = (top + row * MODULE_PIXELS + y) * WIDTH + left + column * MODULE_PIXELS;
        luma.fill(16, start, start + MODULE_PIXELS);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, frame, frame]));
}

/** A browser whose camera films `video` (Chromium's fake capture device), with camera access granted. */
export function launchWithCamera(video: string): Promise<Browser> {
  return launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
}
