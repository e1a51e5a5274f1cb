import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';

/** Sample files for uploads: the proposal fixtures and a tiny logo. */
export const fixturesDir = path.resolve('tests/fixtures/proposals');
export const fixture = (name: string) => path.join(fixturesDir, name);

export const tinyPng = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** A small, visible logo: initials on a coloured square, drawn for the test. */
export function drawLogo(initials: string, color = '#1f5fbf'): Buffer {
  const canvas = createCanvas(128, 128);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 128, 128);
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 56px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(initials, 64, 68);
  return canvas.toBuffer('image/png');
}
