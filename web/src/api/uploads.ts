import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Priority, UploadContractResponse, UploadProgress } from "@clausewise/shared";
import { apiRequest } from "./client";
import { contractsKey } from "./keys";
import { notificationsKey } from "./notifications";

export interface UploadContractInput {
  file: File;
  title: string;
  client: string;
  priority: Priority;
  storageConsent: boolean;
  processingConsent: boolean;
  /** Calendar dates (YYYY-MM-DD) or empty: an empty review deadline is computed from the priority. */
  reviewDeadline: string;
  approvalDeadline: string;
  /** Names the upload so the server's OCR progress pushes can be matched to it. */
  uploadId?: string;
  /** Which party the company is in the contract ("Owner", "Contractor"); empty: read from the company's name. */
  ourPartyRole?: string;
}

/** The multipart body of POST /api/contracts (spec §7 plus our processingConsent). */
export function uploadFormData(input: UploadContractInput): FormData {
  const form = new FormData();
  form.set("file", input.file, input.file.name);
  form.set("title", input.title.trim());
  form.set("client", input.client.trim());
  form.set("priority", input.priority);
  form.set("storageConsent", String(input.storageConsent));
  form.set("processingConsent", String(input.processingConsent));
  if (input.reviewDeadline) form.set("reviewDeadline", input.reviewDeadline);
  if (input.approvalDeadline) form.set("approvalDeadline", input.approvalDeadline);
  if (input.uploadId) form.set("uploadId", input.uploadId);
  if (input.ourPartyRole) form.set("ourPartyRole", input.ourPartyRole);
  return form;
}

/** "Reading scanned pages (OCR): 1 of 3": what the upload dialog says while a scanned PDF is read. */
export function ocrProgressText(progress: Pick<UploadProgress, "done" | "pages"> | null): string | null {
  if (!progress) return null;
  return `Reading scanned ${progress.pages === 1 ? "page" : "pages"} (OCR): ${progress.done} of ${progress.pages}`;
}

/**
 * Uploads a contract. The client passes FormData through untouched (the browser sets the multipart
 * boundary), so errors come back as the same ApiError as every other call, and a 401 reaches the
 * app's unauthorized handler through the mutation cache.
 */
export function useUploadContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadContractInput) =>
      apiRequest<UploadContractResponse>("POST", "/api/contracts", { body: uploadFormData(input) }),
    // Not awaited: the caller moves on to the new contract while these refresh behind it. The API
    // notifies the uploader (and an assigned reviewer), so the bell is refreshed too.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contractsKey });
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
