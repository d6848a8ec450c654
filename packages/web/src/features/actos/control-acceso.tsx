import { type Acceso, type Accesos, formatearFecha, type ResultadoAcceso } from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { ImagenApi } from "../../lib/imagen-api";
import { notificarError } from "../../lib/notificar";
import {
  type AccesoPendiente,
  guardarPendiente,
  pendientesDe,
  quitarPendiente,
} from "./accesos-pendientes";
import { type Cola, cuerpoDe, type Envio, enviarPendiente, vaciarCola } from "./cola-accesos";
import { CLAVE_ACTOS } from "./use-actos";

const COLOR: Record<ResultadoAcceso, string> = {
  registrado: "green",
  repetido: "yellow",
  en_espera: "orange",
  no_inscrito: "red",
  carnet_no_valido: "red",
  otro_dia: "gray",
};
/** Pitch of the beep: high for «in», low for anything that stops the person. */
const TONO: Record<ResultadoAcceso, number> = {
  registrado: 1320,
  repetido: 660,
  en_espera: 440,
  no_inscrito: 220,
  carnet_no_valido: 220,
  otro_dia: 330,
};
/** The same card seen again within this time is the same scan (the camera keeps seeing it). */
const MISMA_LECTURA_MS = 3000;

type Lectura = { clave: string; pendiente: boolean; acceso: Acceso | null };

function pitar(resultado: ResultadoAcceso) {
  try {
    const Contexto =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Contexto) return;
    const ctx = new Contexto();
    const osc = ctx.createOscillator();
    const vol = ctx.createGain();
    osc.frequency.value = TONO[resultado];
    vol.gain.value = 0.2;
    osc.connect(vol).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + (resultado === "registrado" ? 0.15 : 0.4));
    osc.onended = () => void ctx.close();
  } catch {
    // No sound is no reason to stop scanning.
  }
}

const claveAccesos = (idActo: number) => [...CLAVE_ACTOS, "accesos", idActo];

/**
 * «Control de acceso» of an event for the board, on a phone: the rear camera reads member cards
 * continuously; each outcome is shown big, with a colour and a beep. Scans made without signal
 * wait in IndexedDB and are sent, with the time they were read, when the connection returns
 * (cola-accesos.ts says which answers take them off the queue). A manual search by name or
 * matrícula marks the entrance of someone without their card.
 */
export function ControlAcceso({ idActo, nombreActo }: { idActo: number; nombreActo: string }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const lista = useQuery({
    queryKey: claveAccesos(idActo),
    queryFn: ({ signal }) => api.get<Accesos>(`/actos/${idActo}/accesos`, signal),
  });
  const [lecturas, setLecturas] = useState<Lectura[]>([]);
  const recuento = lista.data?.recuento;

  // After a refusal of the session (401/403/426) nothing more is sent from this page: the queue
  // waits in IndexedDB for the next visit, signed in again (or with the current app).
  const [sinSesion, setSinSesion] = useState(false);
  const detenida = useRef(false);

  const cola = useMemo<Cola>(
    () => ({
      enviar: (p) => api.post<Acceso>(`/actos/${p.idActo}/accesos`, cuerpoDe(p)),
      quitar: quitarPendiente,
    }),
    [],
  );

  const mostrar = useCallback((clave: string, acceso: Acceso | null) => {
    setLecturas((ls) => {
      const resto = ls.filter((l) => l.clave !== clave);
      return [{ clave, pendiente: acceso === null, acceso }, ...resto].slice(0, 20);
    });
    if (acceso) pitar(acceso.resultado);
  }, []);

  /** Shows what became of a scan sent: answered, refused for good, or still waiting. */
  const alEnviar = useCallback(
    (p: AccesoPendiente, envio: Envio) => {
      if (envio.tipo === "enviado") {
        cliente.setQueryData<Accesos>(claveAccesos(idActo), (antes) =>
          antes ? { ...antes, recuento: envio.acceso.recuento } : antes,
        );
        void cliente.invalidateQueries({ queryKey: claveAccesos(idActo) });
        mostrar(p.clave, envio.acceso);
      } else if (envio.tipo === "rechazado") {
        setLecturas((ls) => ls.filter((l) => l.clave !== p.clave));
        notificarError(envio.error, t("actos.acceso.errorMarcar"));
      } else {
        mostrar(p.clave, null);
        if (envio.tipo === "sin_sesion") {
          detenida.current = true;
          setSinSesion(true);
        }
      }
    },
    [cliente, idActo, mostrar, t],
  );

  const leer = useCallback(
    async (codigo: string) => {
      const p: AccesoPendiente = {
        clave: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
        idActo,
        codigo,
        leidoEn: Date.now(),
      };
      // Kept first: a scan is never lost, even if the tab closes while it is being sent.
      await guardarPendiente(p).catch(() => undefined);
      if (detenida.current) {
        mostrar(p.clave, null);
        return;
      }
      alEnviar(p, await enviarPendiente(p, cola));
    },
    [alEnviar, cola, idActo, mostrar],
  );

  // Pending scans of an earlier visit, and every retry when the signal comes back.
  const reintentando = useRef(false);
  const reintentar = useCallback(async () => {
    if (reintentando.current || detenida.current) return;
    reintentando.current = true;
    try {
      await vaciarCola(await pendientesDe(idActo).catch(() => []), cola, alEnviar);
    } finally {
      reintentando.current = false;
    }
  }, [alEnviar, cola, idActo]);

  useEffect(() => {
    void reintentar();
    const alVolver = () => void reintentar();
    window.addEventListener("online", alVolver);
    const cada = window.setInterval(alVolver, 5000);
    return () => {
      window.removeEventListener("online", alVolver);
      window.clearInterval(cada);
    };
  }, [reintentar]);

  const ultima = lecturas[0];
  const pendientes = lecturas.filter((l) => l.pendiente).length;

  return (
    <Stack gap="md" maw={520} mx="auto" w="100%">
      <Paper
        withBorder
        p="sm"
        radius="md"
        pos="sticky"
        top={0}
        style={{ zIndex: 2 }}
        aria-live="polite"
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" lineClamp={1}>
            {t("actos.acceso.titulo")} · {nombreActo}
          </Title>
          <Badge size="lg" color="blue" variant="filled" data-testid="recuento-acceso">
            {recuento ? t("actos.acceso.dentro", recuento) : "…"}
          </Badge>
        </Group>
        {pendientes > 0 ? (
          <Text size="sm" c="orange" mt={4}>
            {t("actos.acceso.pendientes", { count: pendientes })}
          </Text>
        ) : null}
      </Paper>
      {sinSesion ? <Alert color="orange">{t("actos.acceso.sinSesion")}</Alert> : null}
      {lista.data && !lista.data.esHoy ? (
        <Alert color="yellow">
          {t("actos.acceso.noEsHoy", { fecha: formatearFecha(lista.data.fecha) })}
        </Alert>
      ) : null}
      <Escaner alLeer={(c) => void leer(c)} />
      {ultima ? <Resultado lectura={ultima} grande /> : null}
      <BusquedaAMano idActo={idActo} datos={lista.data} />
      {lecturas.length > 1 ? (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t("actos.acceso.ultimas")}
          </Title>
          {lecturas.slice(1).map((l) => (
            <Resultado key={l.clave} lectura={l} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Resultado({ lectura, grande = false }: { lectura: Lectura; grande?: boolean }) {
  const { t } = useTranslation();
  const a = lectura.acceso;
  const color = a ? COLOR[a.resultado] : "orange";
  const titulo = a ? t(`actos.acceso.resultado.${a.resultado}`) : t("actos.acceso.pendiente");
  return (
    <Card
      withBorder
      radius="md"
      padding={grande ? "lg" : "xs"}
      bg={`${color}.${grande ? 1 : 0}`}
      style={{ borderColor: `var(--mantine-color-${color}-6)`, borderWidth: grande ? 3 : 1 }}
      data-testid={grande ? "resultado-acceso" : undefined}
      data-resultado={a?.resultado ?? "pendiente"}
      role={grande ? "status" : undefined}
    >
      <Group wrap="nowrap" align="center" gap="md">
        {grande && a?.imagen?.startsWith("/api/") ? (
          <ImagenApi
            ruta={a.imagen}
            alt={t("actos.acceso.foto", { nombre: a.nombre ?? "" })}
            w={72}
            h={72}
            radius="md"
            fit="cover"
          />
        ) : null}
        <Stack gap={2} miw={0}>
          <Text fw={800} size={grande ? "xl" : "sm"} c={`${color}.9`}>
            {titulo}
          </Text>
          {a?.nombre ? (
            <Text fw={600} size={grande ? "lg" : "sm"}>
              {a.nombre}
              {a.matricula ? ` · ${a.matricula}` : ""}
            </Text>
          ) : null}
          {!a ? <Text size="sm">{t("actos.acceso.pendienteAyuda")}</Text> : null}
          {grande && a?.hora ? <Text>{t("actos.acceso.aLas", { hora: a.hora })}</Text> : null}
          {grande && a?.puestoEspera ? (
            <Text>{t("actos.acceso.puesto", { puesto: a.puestoEspera })}</Text>
          ) : null}
          {grande && a?.menu ? <Text>{t("actos.acceso.menu", { menu: a.menu })}</Text> : null}
          {grande && a?.invitados !== null && a?.invitados !== undefined ? (
            <Text>
              {a.invitados > 0
                ? t("actos.acceso.invitados", { count: a.invitados })
                : t("actos.acceso.sinInvitados")}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

type Detector = (video: HTMLVideoElement, lienzo: HTMLCanvasElement) => Promise<string | null>;

/** The browser's BarcodeDetector when it reads QR codes; jsQR (loaded on demand) otherwise. */
async function crearDetector(): Promise<Detector> {
  const Nativo = (
    window as unknown as {
      BarcodeDetector?: {
        new (o: {
          formats: string[];
        }): {
          detect: (f: CanvasImageSource) => Promise<{ rawValue: string }[]>;
        };
        getSupportedFormats?: () => Promise<string[]>;
      };
    }
  ).BarcodeDetector;
  const formatos: string[] = Nativo?.getSupportedFormats
    ? await Nativo.getSupportedFormats().catch(() => [])
    : [];
  if (Nativo && formatos.includes("qr_code")) {
    const detector = new Nativo({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  return async (video, lienzo) => {
    const ancho = video.videoWidth;
    const alto = video.videoHeight;
    if (!ancho || !alto) return null;
    // Scaled down: enough for a card held in front of the phone, and cheap on its processor.
    const escala = Math.min(1, 640 / Math.max(ancho, alto));
    lienzo.width = Math.round(ancho * escala);
    lienzo.height = Math.round(alto * escala);
    const ctx = lienzo.getContext("2d", { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, lienzo.width, lienzo.height);
    const imagen = ctx.getImageData(0, 0, lienzo.width, lienzo.height);
    return (
      jsQR(imagen.data, imagen.width, imagen.height, { inversionAttempts: "dontInvert" })?.data ??
      null
    );
  };
}

/** The rear camera, read a few times a second; the same code is reported once per few seconds. */
/** The rear camera reading member cards (also the door of the general assembly). */
export function Escaner({ alLeer }: { alLeer: (codigo: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const alLeerRef = useRef(alLeer);
  alLeerRef.current = alLeer;

  useEffect(() => {
    let parar = false;
    let flujo: MediaStream | null = null;
    let temporizador = 0;
    const vistos = new Map<string, number>();
    const lienzo = document.createElement("canvas");
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error("navegador sin cámara");
        flujo = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
        if (parar || !video.current) return;
        video.current.srcObject = flujo;
        await video.current.play().catch(() => undefined);
        const detectar = await crearDetector();
        const vuelta = async () => {
          if (parar || !video.current) return;
          try {
            const codigo = await detectar(video.current, lienzo);
            const ahora = Date.now();
            if (codigo && ahora - (vistos.get(codigo) ?? 0) > MISMA_LECTURA_MS) {
              alLeerRef.current(codigo);
            }
            if (codigo) vistos.set(codigo, ahora);
          } catch {
            // A frame that cannot be read: the next one.
          }
          temporizador = window.setTimeout(() => void vuelta(), 200);
        };
        void vuelta();
      } catch (e) {
        if (!parar) setError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      parar = true;
      window.clearTimeout(temporizador);
      for (const pista of flujo?.getTracks() ?? []) pista.stop();
    };
  }, []);

  if (error) {
    return <Alert color="yellow">{t("actos.acceso.sinCamara", { motivo: error })}</Alert>;
  }
  return (
    <Stack gap={4}>
      <video
        ref={video}
        muted
        playsInline
        aria-label={t("actos.acceso.camara")}
        style={{
          width: "100%",
          maxHeight: 260,
          objectFit: "cover",
          borderRadius: 8,
          background: "#000",
        }}
      />
      <Text size="sm" c="dimmed" ta="center">
        {t("actos.acceso.apuntaQr")}
      </Text>
    </Stack>
  );
}

const normalizar = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** Manual fallback: search the enrolled by name or matrícula and mark their entrance. */
function BusquedaAMano({ idActo, datos }: { idActo: number; datos: Accesos | undefined }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const [q, setQ] = useState("");
  const [marcando, setMarcando] = useState<number | null>(null);
  const texto = normalizar(q.trim());
  const encontrados =
    texto === ""
      ? []
      : (datos?.items ?? [])
          .filter(
            (i) =>
              normalizar(`${i.nombre} ${i.apellidos}`).includes(texto) ||
              (i.matricula !== null && String(i.matricula).startsWith(texto)),
          )
          .slice(0, 10);

  async function marcar(idInscripcion: number) {
    setMarcando(idInscripcion);
    try {
      await api.put(`/actos/${idActo}/inscripciones/${idInscripcion}/asistencia`, {
        asistio: true,
      });
      await cliente.invalidateQueries({ queryKey: claveAccesos(idActo) });
      void cliente.invalidateQueries({ queryKey: [...CLAVE_ACTOS, "inscritos", idActo] });
    } catch (e) {
      notificarError(e, t("actos.acceso.errorMarcar"));
    } finally {
      setMarcando(null);
    }
  }

  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <TextInput
          label={t("actos.acceso.aMano")}
          placeholder={t("actos.acceso.buscar")}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          type="search"
        />
        {texto !== "" && encontrados.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("actos.acceso.sinResultados")}
          </Text>
        ) : null}
        {encontrados.map((i) => {
          const nombre = `${i.nombre} ${i.apellidos}`.trim();
          return (
            <Group key={i.idInscripcion} justify="space-between" wrap="nowrap">
              <Text size="sm" lineClamp={1}>
                {nombre}
                {i.matricula ? ` · ${i.matricula}` : ""}
              </Text>
              {i.estado === "en_espera" ? (
                <Badge color="orange">{t("actos.acceso.enEspera")}</Badge>
              ) : i.asistio ? (
                <Badge color="green">{t("actos.acceso.marcado", { hora: i.hora ?? "" })}</Badge>
              ) : (
                <Button
                  size="xs"
                  loading={marcando === i.idInscripcion}
                  aria-label={t("actos.acceso.marcarA", { nombre })}
                  onClick={() => void marcar(i.idInscripcion)}
                >
                  {t("actos.acceso.marcar")}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
