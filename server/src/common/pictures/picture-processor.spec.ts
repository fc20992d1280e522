import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { inspectPicture, PictureProblem, processPicture, sniffPictureFormat, type PictureFormat } from './picture-processor.js';

const ALL: PictureFormat[] = ['jpeg', 'png', 'gif'];
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#804020' } });

async function refusal(data: Buffer, allowed = ALL): Promise<string> {
  try {
    await processPicture(data, allowed);
  } catch (err) {
    if (err instanceof PictureProblem) return err.kind;
    throw err;
  }
  throw new Error('the picture was accepted');
}

describe(processPicture.name, () => {
  it('should decide the type from the bytes, not from anything the client says', async () => {
    expect(await sniffPictureFormat(await solid(4, 4).png().toBuffer(), ALL)).toBe('png');
    expect(await sniffPictureFormat(await solid(4, 4).jpeg().toBuffer(), ALL)).toBe('jpeg');
    expect(await sniffPictureFormat(await solid(4, 4).gif().toBuffer(), ALL)).toBe('gif');
    expect(await sniffPictureFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), ALL)).toBeNull();
    expect(await sniffPictureFormat(await solid(4, 4).gif().toBuffer(), ['jpeg', 'png'])).toBeNull();
  });

  it('should strip EXIF and apply the orientation to the pixels', async () => {
    const input = await solid(40, 20)
      .withExif({ IFD0: { Make: 'SpyCam' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const out = await processPicture(input, ALL);
    expect(out).toMatchObject({ format: 'jpeg', extension: 'jpg' });
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
  });

  it('should keep PNG as PNG', async () => {
    const out = await processPicture(await solid(10, 10).png().toBuffer(), ALL);
    expect(out.extension).toBe('png');
    expect((await sharp(out.data).metadata()).format).toBe('png');
  });

  it('should refuse a type outside the allowed list', async () => {
    expect(await refusal(await solid(4, 4).webp().toBuffer())).toBe('badType');
    expect(await refusal(await solid(4, 4).gif().toBuffer(), ['jpeg', 'png'])).toBe('badType');
  });

  it('should refuse a truncated image as corrupt', async () => {
    const whole = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100, sigma: 40 } } })
      .png()
      .toBuffer();
    expect(await refusal(whole.subarray(0, whole.length >> 1))).toBe('corrupt');
  });

  it('should refuse a side longer than the limit and more pixels than the limit', async () => {
    expect(await refusal(await solid(8001, 2).png().toBuffer())).toBe('tooBig');
    expect(await refusal(await solid(6500, 6500).png().toBuffer())).toBe('tooBig');
  });

  it('should refuse an oversized picture from its header alone, before any pixel is decoded', async () => {
    // Only the first 2 kB of a 6500×6500 JPEG: the header is whole, the pixels are not there at all.
    const header = (await solid(6500, 6500).jpeg().toBuffer()).subarray(0, 2048);
    await expect(inspectPicture(header, ALL)).rejects.toMatchObject({ kind: 'tooBig' });
    // A picture within the limits passes the same check with its format.
    await expect(inspectPicture((await solid(4000, 4000).jpeg().toBuffer()).subarray(0, 2048), ALL)).resolves.toBe('jpeg');
  });

  it('should store a JPEG as a baseline JPEG, which the variants can decode at a fraction of its size', async () => {
    const out = await processPicture(await solid(300, 200).jpeg({ progressive: true }).toBuffer(), ALL);
    expect((await sharp(out.data).metadata()).isProgressive).toBe(false);
  });
});
