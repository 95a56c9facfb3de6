import { useState } from "react";
import { TextField } from "../../components/ui/field";
import { youtubeWatchUrl } from "../lib/files";
import { FormDialog } from "../../components/ui/form-dialog";

/** Embeds a YouTube video (played from youtube-nocookie.com) by its address. */
export function VideoDialog({ onSubmit, onClose }: { onSubmit: (src: string) => void; onClose: () => void }) {
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string>();

  const submit = () => {
    const src = youtubeWatchUrl(url);
    if (src) onSubmit(src);
    else setError(url.trim() ? "Enter the address of a YouTube video, e.g. https://www.youtube.com/watch?v=…" : "Enter the video's address.");
  };

  return (
    <FormDialog id="cw-video-form" title="Insert video" description="Paste the address of a YouTube video." submitLabel="Insert video" onSubmit={submit} onClose={onClose}>
      <TextField label="YouTube URL" type="url" inputMode="url" autoComplete="off" placeholder="https://www.youtube.com/watch?v=" autoFocus value={url} error={error} onChange={(e) => setUrl(e.target.value)} />
    </FormDialog>
  );
}
