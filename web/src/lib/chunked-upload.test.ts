import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, chunkRanges, uploadInChunks, type UploadProgress } from './chunked-upload';
import { ApiError } from './api-client';
import { saveSession } from './session';
import { schoolOwner } from '../test/render-app';

interface Sent {
  url: string;
  fields: Record<string, string>;
  size: number;
}

/** A fake server: 202 with an upload id for non-last chunks, 200 with a URL for the last. */
function fakeUploadServer(fail?: { status: number; code: string }) {
  const sent: Sent[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const form = init!.body as FormData;
    const fields: Record<string, string> = {};
    let size = 0;
    form.forEach((v, k) => {
      if (typeof v === 'string') fields[k] = v;
      else size = (v as Blob).size;
    });
    sent.push({ url: String(input), fields, size });
    if (fail) return new Response(JSON.stringify({ message: 'x', code: fail.code }), { status: fail.status });
    const body = fields.is_last === 'true' ? { data: { url: '/api/images/k1' } } : { data: { upload_id: `up-${sent.length}` } };
    return new Response(JSON.stringify(body), { status: fields.is_last === 'true' ? 200 : 202 });
  }) as typeof fetch;
  return sent;
}

describe('chunk ranges', () => {
  it('slices into 800000-byte chunks with a short last one', () => {
    expect(CHUNK_BYTES).toBe(800_000);
    expect(chunkRanges(2_000_000)).toEqual([
      [0, 800_000],
      [800_000, 1_600_000],
      [1_600_000, 2_000_000],
    ]);
    expect(chunkRanges(800_000)).toEqual([[0, 800_000]]);
    expect(chunkRanges(10)).toEqual([[0, 10]]);
  });
});

describe('uploadInChunks', () => {
  it('sends every chunk with is_last, threads the upload_id and reports progress', async () => {
    saveSession(schoolOwner);
    const sent = fakeUploadServer();
    const file = new File([new Uint8Array(2_000_000)], 'me.png', { type: 'image/png' });
    const progress: UploadProgress[] = [];
    const url = await uploadInChunks('/api/school/employee/teacher/image', file, {
      fields: { id: 7 },
      onProgress: (p) => progress.push(p),
    });
    expect(url).toBe('/api/images/k1');
    expect(sent.map((s) => s.size)).toEqual([800_000, 800_000, 400_000]);
    expect(sent.map((s) => s.fields.is_last)).toEqual(['false', 'false', 'true']);
    expect(sent.map((s) => s.fields.id)).toEqual(['7', '7', '7']);
    // The first chunk has no upload id; later ones send back the previous answer's.
    expect(sent[0].fields.upload_id).toBeUndefined();
    expect(sent[1].fields.upload_id).toBe('up-1');
    expect(sent[2].fields.upload_id).toBe('up-2');
    expect(progress.map((p) => p.percent)).toEqual([0, 33, 67, 100]);
    expect(progress.at(-1)).toEqual({ sent: 3, total: 3, percent: 100 });
  });

  it('sends a small file as one last chunk', async () => {
    const sent = fakeUploadServer();
    await uploadInChunks('/x', new File([new Uint8Array(1000)], 'a.png', { type: 'image/png' }));
    expect(sent).toHaveLength(1);
    expect(sent[0].fields.is_last).toBe('true');
  });

  it('stops with the API error of a rejected chunk (413, 422)', async () => {
    fakeUploadServer({ status: 413, code: 'upload.too_large' });
    const err = (await uploadInChunks('/x', new File([new Uint8Array(10)], 'a.png')).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('upload.too_large');
  });
});
