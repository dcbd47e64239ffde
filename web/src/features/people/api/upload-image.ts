import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadInChunks, type UploadProgress } from '../../../lib/chunked-upload';
import type { PeopleFace } from './faces';

/** Uploads a person's profile image in chunks, reporting progress. */
export function useUploadPersonImage(face: PeopleFace, onProgress: (p: UploadProgress) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { personId: number; file: File }) =>
      uploadInChunks(face.api.image, v.file, { fields: { [face.idName]: v.personId }, onProgress }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['people', face.kind] }),
  });
}
