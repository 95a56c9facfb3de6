import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "@clausewise/shared";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("counts bytes below one kilobyte", () => {
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(1)).toBe("1 Byte");
    expect(formatFileSize(512)).toBe("512 Bytes");
    expect(formatFileSize(1023)).toBe("1023 Bytes");
  });

  it("steps by 1024 through KB, MB and GB with at most two decimals", () => {
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(245_760)).toBe("240 KB");
    expect(formatFileSize(2_465_000)).toBe("2.35 MB");
    expect(formatFileSize(MAX_UPLOAD_BYTES)).toBe("10 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 GB");
  });

  it("moves to the next unit when rounding reaches it", () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1 MB");
    expect(formatFileSize(1024 ** 3 - 1)).toBe("1 GB");
    expect(formatFileSize(1023.5 * 1024)).toBe("1023.5 KB");
  });

  it("stays in GB beyond it", () => {
    expect(formatFileSize(2048 * 1024 ** 3)).toBe("2048 GB");
  });

  it("reads nonsense as zero", () => {
    expect(formatFileSize(-5)).toBe("0 Bytes");
    expect(formatFileSize(Number.NaN)).toBe("0 Bytes");
  });
});
