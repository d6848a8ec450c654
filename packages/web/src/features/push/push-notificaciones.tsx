import { leerMensajePush } from "@fila/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { escucharEventos, type MensajePush } from "./eventos";
import { PushCard } from "./push-card";
import { renovarSiToca } from "./web-push";

/**
 * Keeps the event stream open while signed in and shows the latest message in the card; a
 * Web Push message arriving while the page is focused comes from the service worker instead.
 * An alert also refreshes the bell and the alert lists.
 */
export function PushNotificaciones({ token }: { token: string | null }) {
  const [mensaje, setMensaje] = useState<MensajePush | null>(null);
  const cliente = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const mostrar = (m: MensajePush) => {
      setMensaje(m);
      if (m.data?.idAlerta) void cliente.invalidateQueries({ queryKey: ["alertas"] });
    };
    const control = new AbortController();
    void escucharEventos(mostrar, control.signal);
    const delServiceWorker = (evento: MessageEvent) => {
      const m = leerMensajePush(evento.data);
      if (m && (evento.data as { tipo?: string }).tipo === "push") mostrar(m);
    };
    navigator.serviceWorker?.addEventListener("message", delServiceWorker);
    void renovarSiToca().catch(() => undefined);
    return () => {
      control.abort();
      navigator.serviceWorker?.removeEventListener("message", delServiceWorker);
    };
  }, [token, cliente]);

  if (!mensaje) return null;
  return <PushCard mensaje={mensaje} alCerrar={() => setMensaje(null)} />;
}
