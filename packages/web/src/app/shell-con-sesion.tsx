import type { ReactNode } from "react";
import { PushNotificaciones } from "../features/push/push-notificaciones";
import { Shell } from "./shell";

/**
 * Everything a signed-in page is framed by: the shell (header, menu, bell, offline banner) and
 * the push card. Its own chunk, loaded only when there is a session (root-layout.tsx), so the
 * login neither downloads nor runs it.
 */
export function ShellConSesion({
  children,
  conMenu = true,
  token,
}: {
  children: ReactNode;
  conMenu?: boolean;
  /** With a token, the event stream and push card run (not while the terms are pending). */
  token?: string | null;
}) {
  return (
    <Shell conMenu={conMenu}>
      {children}
      {token ? <PushNotificaciones token={token} /> : null}
    </Shell>
  );
}
