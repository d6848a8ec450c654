import { RENOVACION_PUSH_MS } from "@fila/domain";
import { api, llamar } from "../../lib/api";
import { borrar, escribir, leer } from "../../lib/storage";

/** When this browser last sent its subscription to the server (SPEC §9: again after a week). */
const CLAVE_RENOVADA = "pushRenovada";
/** The person closed the "activate notifications" card: do not ask again on this browser. */
const CLAVE_DESCARTADA = "pushDescartada";

export function pushSoportado(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/**
 * The permission as last read or asked for in this document. Reading `Notification.permission`
 * is a synchronous round trip to the browser process (tens of milliseconds of a blocked main
 * thread on a busy phone), and the home read it twice while loading: the "activate" card and
 * the weekly renewal. Kept with the object it was read from (tests put a new one in its place).
 */
let permisoLeido: { de: unknown; permiso: NotificationPermission } | null = null;

export function permisoNotificaciones(): NotificationPermission | "no-soportado" {
  if (!pushSoportado()) return "no-soportado";
  if (permisoLeido?.de !== Notification) {
    permisoLeido = { de: Notification, permiso: Notification.permission };
  }
  return permisoLeido.permiso;
}

export const avisoDescartado = () => leer("local", CLAVE_DESCARTADA) === "si";
export const descartarAviso = () => escribir("local", CLAVE_DESCARTADA, "si");

function claveABytes(base64url: string): Uint8Array<ArrayBuffer> {
  const relleno = "=".repeat((4 - (base64url.length % 4)) % 4);
  const binario = atob((base64url + relleno).replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(binario.length));
  for (let i = 0; i < binario.length; i++) bytes[i] = binario.charCodeAt(i);
  return bytes;
}

async function registro(): Promise<ServiceWorkerRegistration | undefined> {
  return (await navigator.serviceWorker.getRegistration("/")) ?? undefined;
}

/** Subscribes this browser with the server's VAPID key and stores it as the user's tokenPush. */
export async function enviarSuscripcion(): Promise<void> {
  const reg = (await registro()) ?? (await navigator.serviceWorker.ready);
  const { publicKey } = await api.get<{ publicKey: string }>("/push/clave");
  let suscripcion = await reg.pushManager.getSubscription();
  suscripcion ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: claveABytes(publicKey),
  });
  await api.post("/push/suscripcion", suscripcion.toJSON());
  escribir("local", CLAVE_RENOVADA, String(Date.now()));
}

/** Asks for permission (only after the person pressed the button) and subscribes. */
export async function activarNotificaciones(): Promise<NotificationPermission | "no-soportado"> {
  if (!pushSoportado()) return "no-soportado";
  const permiso = await Notification.requestPermission();
  permisoLeido = { de: Notification, permiso };
  if (permiso === "granted") await enviarSuscripcion();
  return permiso;
}

/** Sends the subscription again when a week has passed since the last time. */
export async function renovarSiToca(ahora = Date.now()): Promise<void> {
  if (permisoNotificaciones() !== "granted") return;
  const ultima = Number(leer("local", CLAVE_RENOVADA) ?? 0);
  if (ahora - ultima < RENOVACION_PUSH_MS) return;
  await enviarSuscripcion();
}

/** On logout: the server forgets this browser and the browser drops the subscription. */
export async function quitarSuscripcion(): Promise<void> {
  borrar("local", CLAVE_RENOVADA);
  if (!pushSoportado()) return;
  const suscripcion = await (await registro())?.pushManager.getSubscription();
  if (!suscripcion) return;
  try {
    await llamar("/push/suscripcion", {
      metodo: "DELETE",
      cuerpo: { endpoint: suscripcion.endpoint },
    });
  } finally {
    await suscripcion.unsubscribe().catch(() => false);
  }
}
