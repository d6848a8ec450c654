import { useEffect, useState } from "react";
import { escucharEventos, type MensajePush } from "./eventos";
import { PushCard } from "./push-card";

/** Keeps the event stream open while signed in and shows the latest message in the card. */
export function PushNotificaciones({ token }: { token: string | null }) {
  const [mensaje, setMensaje] = useState<MensajePush | null>(null);

  useEffect(() => {
    if (!token) return;
    const control = new AbortController();
    void escucharEventos(setMensaje, control.signal);
    return () => control.abort();
  }, [token]);

  if (!mensaje) return null;
  return <PushCard mensaje={mensaje} alCerrar={() => setMensaje(null)} />;
}
