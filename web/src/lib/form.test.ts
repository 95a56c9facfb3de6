import { describe, expect, it } from "vitest";
import { signupRequest } from "@clausewise/shared";
import { toFieldErrors } from "./form";

describe("toFieldErrors", () => {
  it("keeps the first message per known field", () => {
    const parsed = signupRequest.safeParse({ email: "nope", password: "short", firstName: "", lastName: "L", companyName: "C" });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(toFieldErrors(parsed.error.issues, ["email", "password", "firstName"] as const)).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      firstName: "First name is required",
    });
  });

  it("ignores fields the form does not show", () => {
    expect(toFieldErrors([{ path: ["other"], message: "x" }, { path: [], message: "y" }], ["email"])).toEqual({});
  });
});
