// Chunked image upload (spec §4, §9): the file goes in slices of at most 800000 bytes; every
// slice but the last answers 202 with an upload_id that the next slices send back, the last
// one (is_last=true) answers 200 with the image URL.
import { apiRequestWithStatus } from './api-client';

export const CHUNK_BYTES = 800_000;

export interface UploadProgress {
  /** Slices sent so far. */
  sent: number;
  total: number;
  /** 0..100 */
  percent: number;
}

export interface ChunkedUploadOptions {
  /** Extra multipart fields sent with every slice (the person id). */
  fields?: Record<string, string | number>;
  chunkSize?: number;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The byte ranges [start, end) of each slice; an empty file is one empty slice. */
export function chunkRanges(size: number, chunkSize = CHUNK_BYTES): [number, number][] {
  if (size <= 0) return [[0, 0]];
  const out: [number, number][] = [];
  for (let start = 0; start < size; start += chunkSize) out.push([start, Math.min(size, start + chunkSize)]);
  return out;
}

interface UploadAnswer {
  data: { url?: string; upload_id?: string };
}

/** Uploads `file` to `path` slice by slice and resolves with the stored image URL. */
export async function uploadInChunks(path: string, file: Blob, options: ChunkedUploadOptions = {}): Promise<string> {
  const ranges = chunkRanges(file.size, options.chunkSize ?? CHUNK_BYTES);
  const name = (file as File).name || 'image';
  let uploadId = '';
  options.onProgress?.({ sent: 0, total: ranges.length, percent: 0 });
  for (let i = 0; i < ranges.length; i++) {
    const [start, end] = ranges[i];
    const last = i === ranges.length - 1;
    const form = new FormData();
    for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, String(v));
    form.append('image', file.slice(start, end, file.type), name);
    form.append('is_last', last ? 'true' : 'false');
    if (uploadId) form.append('upload_id', uploadId);
    const { body } = await apiRequestWithStatus<UploadAnswer>(path, { method: 'POST', body: form, signal: options.signal });
    options.onProgress?.({ sent: i + 1, total: ranges.length, percent: Math.round(((i + 1) / ranges.length) * 100) });
    if (last) return body?.data?.url ?? '';
    uploadId = body?.data?.upload_id ?? uploadId;
  }
  return '';
}
