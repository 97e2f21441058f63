/**
 * The container of an MP4 or QuickTime upload, walked box by box (ISO/IEC 14496-12 §4.2; QuickTime's
 * atoms are the same): each top-level box's size is read from its header and the boxes must tile the
 * file exactly, so a file cut short or with anything appended (an HTML page, a script) is refused.
 * There must be one `moov` (holding `mvhd` and at least one `trak`, its children tiling it too) and
 * media data (`mdat`); an MP4 starts with `ftyp`. Only headers are read, by position: a 500 MB file
 * costs a few reads, never a pass over its media.
 */
import { type FileHandle, open } from 'node:fs/promises';

/** Enough for long fragmented videos (a `moof` and an `mdat` per fragment), bounded all the same. */
const MAX_TOP_LEVEL_BOXES = 20_000;
/** A `moov` describes the media; tens of MB would be hours of samples in a table nobody needs here. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

type Box = { type: string; start: number; header: number; size: number };

const PRINTABLE_TYPE = /^[\x20-\x7e]{4}$/;

/** The box whose header starts at `start` of `bytes` (a view of `length` bytes), or null when malformed. */
function boxAt(bytes: Buffer, start: number, length: number): Box | null {
  if (length - start < 8) return null;
  const size32 = bytes.readUInt32BE(start);
  const type = bytes.toString('latin1', start + 4, start + 8);
  if (!PRINTABLE_TYPE.test(type)) return null;
  let header = 8;
  let size = size32;
  if (size32 === 1) {
    if (length - start < 16) return null;
    header = 16;
    size = Number(bytes.readBigUInt64BE(start + 8));
  } else if (size32 === 0) size = length - start; // "extends to the end of the file"
  if (size < header || !Number.isSafeInteger(size)) return null;
  return { type, start, header, size };
}

/** The file's top-level boxes, or null when they do not tile it exactly. */
async function topLevelBoxes(file: FileHandle, fileSize: number): Promise<Box[] | null> {
  const boxes: Box[] = [];
  const head = Buffer.alloc(16);
  for (let at = 0; at < fileSize; ) {
    if (boxes.length === MAX_TOP_LEVEL_BOXES) return null;
    const { bytesRead } = await file.read(head, 0, 16, at);
    const box = boxAt(head, 0, bytesRead);
    if (!box) return null;
    // A size-0 box reaches the end of the file; any other must end inside it.
    const size = head.readUInt32BE(0) === 0 ? fileSize - at : box.size;
    if (at + size > fileSize) return null;
    boxes.push({ ...box, start: at, size });
    at += size;
  }
  return boxes;
}

/** Whether the `moov` box's children tile it and include the movie header and a track. */
function moovIsWhole(moov: Buffer): boolean {
  const children = new Set<string>();
  for (let at = 0; at < moov.length; ) {
    const box = boxAt(moov, at, moov.length);
    if (!box || at + box.size > moov.length || moov.readUInt32BE(at) === 0) return false;
    children.add(box.type);
    at += box.size;
  }
  return children.has('mvhd') && children.has('trak');
}

/**
 * Whether the file at `path` is a whole MP4 (`requireFtyp`) or QuickTime movie by its box structure.
 * Reads only box headers and the `moov` box.
 */
export async function isWholeMovie(
  path: string,
  { requireFtyp }: { requireFtyp: boolean },
): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const boxes = await topLevelBoxes(file, size);
    if (!boxes?.length) return false;
    const ftyp = boxes.findIndex((box) => box.type === 'ftyp');
    if (requireFtyp ? ftyp !== 0 : ftyp > 0) return false;
    const moovs = boxes.filter((box) => box.type === 'moov');
    if (moovs.length !== 1 || !boxes.some((box) => box.type === 'mdat')) return false;
    const moov = moovs[0]!;
    const length = moov.size - moov.header;
    if (length > MAX_MOOV_BYTES) return false;
    const content = Buffer.alloc(length);
    const { bytesRead } = await file.read(content, 0, length, moov.start + moov.header);
    return bytesRead === length && moovIsWhole(content);
  } finally {
    await file.close();
  }
}
