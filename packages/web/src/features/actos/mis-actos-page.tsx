import {
  descripcionActo,
  type FamiliarActo,
  formatearFecha,
  type MiActo,
  mensajeDeError,
} from "@fila/domain";
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCalendarPlus, IconClock, IconMapPin, IconUsers } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { descargarDeApi } from "../../lib/descargar";
import { IDIOMAS_WEB, useIdioma, useTranslation } from "../../lib/i18n";
import { ImagenApi } from "../../lib/imagen-api";
import { Cargando } from "../socios/estado-carga";
import { CabeceraActos } from "./cabecera-actos";
import { CalendarioSuscripcion } from "./calendario-suscripcion";
import { MesaSocio, PlazoPago, TurnoDe } from "./cena-socio";
import { euros, fechaConHora, textoCierre } from "./formato-actos";
import { type Inscribiendo, InscribirModal } from "./inscribir-modal";
import { useMisActos, useMutacionesInscripcion } from "./use-actos";

// The general assembly (issue 48): order of the day, «Delegar mi voto» and the voting card.
const MisAsambleas = lazy(() =>
  import("../asamblea/mi-asamblea").then((m) => ({ default: m.MisAsambleas })),
);

/** usuario, socio: upcoming events with the enrolment of me and each member I pay for. */
export function MisActosPage() {
  const { t } = useTranslation();
  const actos = useMisActos();
  const [inscribiendo, setInscribiendo] = useState<Inscribiendo | null>(null);
  const [cancelando, setCancelando] = useState<Inscribiendo | null>(null);

  return (
    <Stack gap="lg" maw={900} mx="auto">
      <CabeceraActos titulo={t("actos.mios.titulo")} intro={t("actos.mios.intro")}>
        <CalendarioSuscripcion />
      </CabeceraActos>
      <Suspense fallback={null}>
        <MisAsambleas />
      </Suspense>
      {actos.isPending ? <Cargando /> : null}
      {actos.isError ? (
        <Alert role="alert" color="red" title={t("actos.errorCarga")}>
          {mensajeDeError(actos.error)}
        </Alert>
      ) : null}
      {actos.data?.items.length === 0 ? <Text c="dimmed">{t("actos.mios.vacio")}</Text> : null}
      {actos.data?.items.map((acto) => (
        <TarjetaActo
          key={acto.id}
          acto={acto}
          alInscribir={(familiar) => setInscribiendo({ acto, familiar })}
          alCancelar={(familiar) => setCancelando({ acto, familiar })}
        />
      ))}
      <InscribirModal
        key={inscribiendo ? `${inscribiendo.acto.id}-${inscribiendo.familiar.idSocio}` : "ninguno"}
        inscribiendo={inscribiendo}
        alCerrar={() => setInscribiendo(null)}
      />
      <CancelarInscripcionModal
        key={cancelando?.familiar.idInscripcion ?? "ninguna"}
        cancelando={cancelando}
        alCerrar={() => setCancelando(null)}
      />
    </Stack>
  );
}

function TarjetaActo({
  acto,
  alInscribir,
  alCancelar,
}: {
  acto: MiActo;
  alInscribir: (familiar: FamiliarActo) => void;
  alCancelar: (familiar: FamiliarActo) => void;
}) {
  const { t } = useTranslation();
  const idioma = useIdioma();
  // The description in the reader's language, or the other one (then marked with its lang).
  const descripcion = descripcionActo(acto, idioma);
  const [descargando, setDescargando] = useState(false);

  async function anyadirAlCalendario() {
    setDescargando(true);
    try {
      await descargarDeApi(`/actos/${acto.id}/evento.ics`, `acto-${acto.id}.ics`);
    } catch (e) {
      notifications.show({ color: "red", message: mensajeDeError(e) });
    } finally {
      setDescargando(false);
    }
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={`acto-${acto.id}`}
    >
      {acto.imagen?.startsWith("/api/") ? (
        <Card.Section mb="sm">
          <ImagenApi
            ruta={acto.imagen}
            alt={t("actos.imagen.alt", { nombre: acto.nombre })}
            h={180}
            fit="cover"
          />
        </Card.Section>
      ) : null}
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h3" id={`acto-${acto.id}`}>
              {acto.nombre}
            </Title>
            <Group gap="md">
              <Group gap={4}>
                <IconClock size={16} aria-hidden />
                <Text size="sm">{fechaConHora(acto.fecha, acto.hora)}</Text>
              </Group>
              {acto.lugar ? (
                <Group gap={4}>
                  <IconMapPin size={16} aria-hidden />
                  <Text size="sm">{acto.lugar}</Text>
                </Group>
              ) : null}
            </Group>
          </Stack>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
            loading={descargando}
            onClick={() => void anyadirAlCalendario()}
          >
            {t("actos.calendario.anyadir")}
          </Button>
        </Group>
        {descripcion.texto ? (
          <Text
            size="sm"
            lang={descripcion.idioma === idioma ? undefined : IDIOMAS_WEB[descripcion.idioma].lang}
          >
            {descripcion.texto}
          </Text>
        ) : null}
        <Group gap="xs">
          <Badge variant="light" leftSection={<IconUsers size={12} aria-hidden />}>
            {acto.plazasLibres === null
              ? t("actos.mios.sinLimite")
              : t("actos.mios.plazasLibres", { count: acto.plazasLibres })}
          </Badge>
          {acto.listaEspera && acto.plazasLibres === 0 ? (
            <Badge variant="light" color="yellow">
              {t("actos.mios.listaEsperaAbierta", { count: acto.numEnEspera })}
            </Badge>
          ) : null}
          {acto.fechaMaximaInscripcion ? (
            <Badge variant="light" color="gray">
              {t("actos.mios.hasta", { fecha: formatearFecha(acto.fechaMaximaInscripcion) })}
            </Badge>
          ) : null}
          {acto.sePaga ? (
            <Badge variant="light" color="grape">
              {t("actos.mios.dePago")}
            </Badge>
          ) : (
            <Badge variant="light" color="green">
              {t("actos.mios.gratis")}
            </Badge>
          )}
          {acto.invitadosMax > 0 ? (
            <Badge variant="light" color="teal">
              {acto.sePaga
                ? t("actos.mios.invitadosPrecio", {
                    count: acto.invitadosMax,
                    precio: euros(acto.precioInvitado),
                  })
                : t("actos.mios.invitados", { count: acto.invitadosMax })}
            </Badge>
          ) : null}
        </Group>
        {acto.abierta ? null : (
          <Alert color="yellow" py="xs">
            {textoCierre(acto.motivoCierre, t)}
          </Alert>
        )}
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {acto.familia.map((f) => (
            <FilaFamiliar
              key={f.idSocio}
              acto={acto}
              familiar={f}
              alInscribir={() => alInscribir(f)}
              alCancelar={() => alCancelar(f)}
            />
          ))}
        </Stack>
        <MesaSocio acto={acto} />
      </Stack>
    </Card>
  );
}

function FilaFamiliar({
  acto,
  familiar: f,
  alInscribir,
  alCancelar,
}: {
  acto: MiActo;
  familiar: FamiliarActo;
  alInscribir: () => void;
  alCancelar: () => void;
}) {
  const { t } = useTranslation();
  const nombre = f.esYo ? t("actos.mios.yo", { nombre: f.nombre }) : f.nombre;
  const esperando = f.estado === "en_espera";
  const detalles = [
    f.menu ? t("actos.mios.menu", { menu: f.menu }) : null,
    f.inscrito && !f.menu && acto.menus.length > 0 ? t("actos.mios.sinMenu") : null,
    f.invitados > 0 ? t("actos.mios.conInvitados", { count: f.invitados }) : null,
    f.inscrito && acto.sePaga && !esperando ? euros(f.importe) : null,
  ].filter((d): d is string => d !== null);

  return (
    <Group
      component="li"
      justify="space-between"
      py="xs"
      wrap="nowrap"
      style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
      aria-label={f.nombre}
    >
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={500}>{nombre}</Text>
          {esperando ? (
            <Badge color="yellow" variant="light">
              {t("actos.mios.enEspera", { puesto: f.puestoEspera })}
            </Badge>
          ) : f.inscrito ? (
            <Badge color="green" variant="light">
              {t("actos.mios.inscrito")}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t("actos.mios.noInscrito")}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {f.inscrito
            ? detalles.join(" · ")
            : acto.sePaga
              ? t("actos.mios.precio", { precio: euros(f.precio) })
              : ""}
        </Text>
        <PlazoPago familiar={f} />
        {esperando ? (
          <Text size="xs" c="dimmed">
            {t("actos.mios.esperaAyuda")}
          </Text>
        ) : null}
        {!f.inscrito && acto.listaEspera && acto.plazasLibres === 0 ? (
          <Text size="xs" c="dimmed">
            {t("actos.mios.llenoConEspera")}
          </Text>
        ) : null}
      </Stack>
      {f.inscrito ? (
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button
            variant="default"
            size="compact-md"
            disabled={!acto.abierta || f.idInscripcion === null}
            aria-label={t("actos.mios.cambiarDe", { nombre: f.nombre })}
            onClick={alInscribir}
          >
            {t("actos.mios.cambiar")}
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-md"
            disabled={!acto.abierta || f.idInscripcion === null}
            aria-label={t(esperando ? "actos.mios.salirDe" : "actos.mios.cancelarDe", {
              nombre: f.nombre,
            })}
            onClick={alCancelar}
          >
            {t(esperando ? "actos.mios.salirCorto" : "actos.mios.cancelarCorto")}
          </Button>
        </Group>
      ) : (
        <TurnoDe
          familiar={f}
          hijos={(abierto) => (
            <Button
              size="compact-md"
              style={{ flexShrink: 0 }}
              disabled={!acto.abierta || !abierto}
              aria-label={t("actos.mios.inscribirA", { nombre: f.nombre })}
              onClick={alInscribir}
            >
              {t("actos.mios.inscribir")}
            </Button>
          )}
        />
      )}
    </Group>
  );
}

function CancelarInscripcionModal({
  cancelando,
  alCerrar,
}: {
  cancelando: Inscribiendo | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { cancelar } = useMutacionesInscripcion();
  const [error, setError] = useState<string | null>(null);
  if (!cancelando) return null;
  const { acto, familiar } = cancelando;
  const esperando = familiar.estado === "en_espera";

  async function confirmar() {
    if (familiar.idInscripcion === null) return;
    setError(null);
    try {
      const respuesta = await cancelar.mutateAsync({
        idActo: acto.id,
        idInscripcion: familiar.idInscripcion,
      });
      notifications.show({
        color: "green",
        message:
          respuesta?.mensaje ??
          t("actos.avisos.cancelada", { nombre: familiar.nombre, acto: acto.nombre }),
      });
      alCerrar();
    } catch (e) {
      setError(mensajeDeError(e));
    }
  }

  return (
    <Modal
      opened
      onClose={alCerrar}
      title={t(esperando ? "actos.mios.salirTitulo" : "actos.mios.cancelarTitulo")}
      centered
    >
      <Stack>
        <Text>
          {t(esperando ? "actos.mios.salirTexto" : "actos.mios.cancelarTexto", {
            nombre: familiar.nombre,
            acto: acto.nombre,
          })}
        </Text>
        {error ? (
          <Alert role="alert" color="red">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            {t("actos.volver")}
          </Button>
          <Button color="red" loading={cancelar.isPending} onClick={() => void confirmar()}>
            {t(esperando ? "actos.mios.salirConfirmar" : "actos.mios.cancelarConfirmar")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
