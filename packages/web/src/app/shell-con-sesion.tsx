import type { ReactNode } from "react";
import { consultaNoLeidas } from "../features/alertas/use-alertas";
import { consultaTextosAsociacion } from "../features/asociacion/use-textos-asociacion";
import { PushNotificaciones } from "../features/push/push-notificaciones";
import type { ConsultasAlAbrir } from "./datos-al-abrir";
import { Shell } from "./shell";

/** What the header shows: the association's name and logo, and the bell's count. */
export const consultasAlAbrir: ConsultasAlAbrir = () => [
  consultaTextosAsociacion(),
  consultaNoLeidas(),
];

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
