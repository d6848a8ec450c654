import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { quitarSuscripcion } from "../features/push/web-push";
import { api } from "../lib/api";
import { sesionStore } from "./session-store";

/** Logout (SPEC §4): tell the server (its failure does not matter), empty local storage, go to login. */
export function useCerrarSesion(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // Before the session ends: the DELETE needs the token.
    await quitarSuscripcion().catch(() => undefined);
    try {
      await api.post("/logout");
    } catch {
      // The token may already be revoked or the server unreachable: the local session ends anyway.
    }
    sesionStore.cerrar();
    queryClient.clear();
    await navigate("/login", { replace: true });
  }, [navigate, queryClient]);
}
