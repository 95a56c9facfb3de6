import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AuthConfig,
  CurrentUser,
  LoginRequest,
  LoginResponse,
  SignupRequest,
  UserAbility,
  VerificationStatus,
  VerifyResult,
} from "@clausewise/shared";
import { hasSignedInHint } from "@clausewise/shared";
import { api, ApiError } from "./client";
import { authConfigKey, currentUserKey, verificationStatusKey } from "./keys";
import { isSessionExpiredError, noteSessionExpired } from "../lib/session-notice";

/**
 * The signed-in user, or null when signed out: a 401 here is an answer, not an error. Without the
 * signed-in hint cookie there is no session to ask about, so signed-out pages send no request.
 */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!hasSignedInHint(document.cookie)) return null;
  try {
    return await api.get<CurrentUser>("/api/auth/user");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // Coming back after the session timed out: the sign-in page will say so.
      if (isSessionExpiredError(error)) noteSessionExpired();
      return null;
    }
    throw error;
  }
}

export const currentUserQuery = { queryKey: currentUserKey, queryFn: fetchCurrentUser } as const;

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

export function can(user: CurrentUser | null | undefined, ability: UserAbility): boolean {
  return user?.abilities[ability] === true;
}

export function useAuthConfig() {
  return useQuery({ queryKey: authConfigKey, queryFn: () => api.get<AuthConfig>("/api/auth/config") });
}

/** After sign-in or sign-up: forget everything cached for the previous visitor, then load the user. */
function useStartSession() {
  const queryClient = useQueryClient();
  return async () => {
    // Keep the user query itself: the router observes it and must see the new answer.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post<LoginResponse>("/api/auth/login", body),
    onSuccess: startSession,
  });
}

export function useSignup() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: SignupRequest) => api.post<{ user: unknown }>("/api/auth/signup", body),
    onSuccess: startSession,
  });
}

export function useVerificationStatus(enabled: boolean) {
  return useQuery({
    queryKey: verificationStatusKey,
    queryFn: () => api.get<VerificationStatus>("/api/auth/verification-status"),
    enabled,
  });
}

/** Resends the verification e-mail; an answer of `{success:false, error}` is a failure too. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async () => {
      const result = await api.post<{ success: boolean; error?: string }>("/api/auth/resend-verification");
      if (result && result.success === false) throw new ApiError(400, undefined, result.error ?? "");
      return result;
    },
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<VerifyResult>("/api/auth/verify-email", { token }),
    onSuccess: async (result) => {
      if (!result.success) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: verificationStatusKey }),
      ]);
    },
  });
}

/** The user on pages that only render when signed in (the router guarantees it). */
export function useSignedInUser(): CurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error("useSignedInUser() used outside the signed-in routes");
  return data;
}
