import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  List,
  Loader,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import QRCode from "qrcode";
import { useState } from "react";
import { useSesion } from "../../app/session-store";
import { api, llamar } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import type { EstadoTotp } from "./destino-tras-entrar";

const CLAVE_TOTP = ["cuenta", "totp"] as const;

type Configuracion = { secreto: string; otpauthUrl: string; qr: string };

/**
 * The account's two-factor codes: turn on (QR + key, first code, recovery codes shown once) or
 * off (with a code), and for administrators whether all of them must use it. An account whose
 * codes came from another installation's backup proves it first (docs/adr/0015): the link mailed
 * to it brings `prueba`; without mail, an administrator removes the old codes.
 */
export function VerificacionDosPasosModal({
  abierto,
  alCerrar,
  prueba = null,
}: {
  abierto: boolean;
  alCerrar: () => void;
  /** The single-use proof of the mailed link (`?prueba=`), when the page was opened from it. */
  prueba?: string | null;
}) {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const cliente = useQueryClient();
  const estado = useQuery({
    queryKey: CLAVE_TOTP,
    queryFn: () => api.get<EstadoTotp>("/cuenta/totp"),
    enabled: abierto,
  });
  const [configuracion, setConfiguracion] = useState<Configuracion | null>(null);
  const [recuperacion, setRecuperacion] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [enlaceEnviado, setEnlaceEnviado] = useState(false);
  const form = useForm({
    initialValues: { codigo: "" },
    validate: { codigo: (v) => (v.trim() === "" ? t("cuenta.totp.codigoObligatorio") : null) },
  });

  // While an administrator must still turn it on, the dialog stays open.
  const obligado = estado.data?.pendiente === true && !recuperacion;

  function cerrar() {
    if (obligado) return;
    form.reset();
    setConfiguracion(null);
    setRecuperacion(null);
    setError(null);
    alCerrar();
  }

  async function accion(hacer: () => Promise<void>) {
    setError(null);
    setEnviando(true);
    try {
      await hacer();
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  }

  const empezar = () =>
    accion(async () => {
      const datos = await api.post<{ secreto: string; otpauthUrl: string }>(
        "/cuenta/totp",
        estado.data?.renovar && prueba ? { prueba } : undefined,
      );
      const qr = await QRCode.toDataURL(datos.otpauthUrl, { margin: 1, width: 220 });
      setConfiguracion({ ...datos, qr });
      form.reset();
    });

  const pedirEnlace = () =>
    accion(async () => {
      await api.post("/cuenta/totp/enlace");
      setEnlaceEnviado(true);
    });

  const confirmar = ({ codigo }: { codigo: string }) =>
    accion(async () => {
      const { codigosRecuperacion } = await api.post<{ codigosRecuperacion: string[] }>(
        "/cuenta/totp/confirmacion",
        { codigo: codigo.trim() },
      );
      setRecuperacion(codigosRecuperacion);
      setConfiguracion(null);
      form.reset();
      await cliente.invalidateQueries({ queryKey: CLAVE_TOTP });
      notifications.show({ color: "green", message: t("cuenta.totp.activada") });
    });

  const desactivar = ({ codigo }: { codigo: string }) =>
    accion(async () => {
      await llamar("/cuenta/totp", { metodo: "DELETE", cuerpo: { codigo: codigo.trim() } });
      form.reset();
      await cliente.invalidateQueries({ queryKey: CLAVE_TOTP });
      notifications.show({ color: "green", message: t("cuenta.totp.desactivada") });
    });

  const exigir = (valor: boolean) =>
    accion(async () => {
      await api.put("/asociacion/seguridad", { totpObligatorioAdmin: valor });
      await cliente.invalidateQueries({ queryKey: CLAVE_TOTP });
      notifications.show({ color: "green", message: t("cuenta.totp.exigirGuardado") });
    });

  let cuerpo: React.ReactNode;
  if (estado.isLoading) cuerpo = <Loader aria-label={t("cuenta.totp.titulo")} />;
  else if (estado.isError) cuerpo = <Alert color="red">{mensajeDeError(estado.error)}</Alert>;
  else if (recuperacion) {
    cuerpo = (
      <Stack>
        <Text fw={600}>{t("cuenta.totp.recuperacionTitulo")}</Text>
        <Text size="sm">{t("cuenta.totp.recuperacionTexto")}</Text>
        <List aria-label={t("cuenta.totp.recuperacionTitulo")} spacing={4}>
          {recuperacion.map((codigo) => (
            <List.Item key={codigo}>
              <Code fz="md">{codigo}</Code>
            </List.Item>
          ))}
        </List>
        <Button onClick={cerrar}>{t("cuenta.totp.recuperacionListo")}</Button>
      </Stack>
    );
  } else if (configuracion) {
    cuerpo = (
      <form onSubmit={form.onSubmit(confirmar)} noValidate>
        <Stack>
          <Text size="sm">{t("cuenta.totp.paso1")}</Text>
          <Image src={configuracion.qr} alt={t("cuenta.totp.qr")} w={220} h={220} mx="auto" />
          <Text size="sm">
            {t("cuenta.totp.clave")}:{" "}
            <Code data-testid="totp-secreto" fz="sm">
              {configuracion.secreto}
            </Code>
          </Text>
          <Text size="sm">{t("cuenta.totp.paso2")}</Text>
          <TextInput
            label={t("cuenta.totp.codigo")}
            autoComplete="one-time-code"
            inputMode="numeric"
            {...form.getInputProps("codigo")}
          />
          <Button type="submit" loading={enviando}>
            {t("cuenta.totp.confirmar")}
          </Button>
        </Stack>
      </form>
    );
  } else if (estado.data?.activo) {
    cuerpo = (
      <form onSubmit={form.onSubmit(desactivar)} noValidate>
        <Stack>
          <Text size="sm">{t("cuenta.totp.restantes", { n: estado.data.codigosRestantes })}</Text>
          <Text size="sm">{t("cuenta.totp.desactivarTexto")}</Text>
          <TextInput
            label={t("cuenta.totp.codigoODeRecuperacion")}
            autoComplete="one-time-code"
            {...form.getInputProps("codigo")}
          />
          <Button type="submit" color="red" variant="light" loading={enviando}>
            {t("cuenta.totp.desactivar")}
          </Button>
        </Stack>
      </form>
    );
  } else if (estado.data?.renovar && !prueba) {
    cuerpo =
      estado.data.prueba === "correo" ? (
        <Stack>
          <Text size="sm">{t("cuenta.totp.pruebaCorreo")}</Text>
          {enlaceEnviado ? (
            <Alert role="status" color="blue">
              {t("cuenta.totp.enlaceEnviado")}
            </Alert>
          ) : null}
          <Button onClick={pedirEnlace} loading={enviando}>
            {enlaceEnviado ? t("cuenta.totp.reenviarEnlace") : t("cuenta.totp.enviarEnlace")}
          </Button>
        </Stack>
      ) : (
        <Alert color="orange">{t("cuenta.totp.pruebaAdministrador")}</Alert>
      );
  } else {
    cuerpo = (
      <Stack>
        <Text size="sm">{t("cuenta.totp.explicacion")}</Text>
        <Button onClick={empezar} loading={enviando}>
          {t("cuenta.totp.configurar")}
        </Button>
      </Stack>
    );
  }

  return (
    <Modal
      opened={abierto}
      onClose={cerrar}
      title={t("cuenta.totp.titulo")}
      closeOnClickOutside={!obligado}
      closeOnEscape={!obligado}
      withCloseButton={!obligado}
      closeButtonProps={{ "aria-label": t("cuenta.totp.cerrar") }}
    >
      <Stack>
        {estado.data ? (
          <Group>
            <Badge color={estado.data.activo ? "green" : "gray"} variant="light">
              {estado.data.activo ? t("cuenta.totp.activa") : t("cuenta.totp.inactiva")}
            </Badge>
          </Group>
        ) : null}
        {obligado ? (
          <Alert color="yellow">
            {estado.data?.renovar ? t("cuenta.totp.renovar") : t("cuenta.totp.obligatoria")}
          </Alert>
        ) : null}
        {error ? (
          <Alert role="alert" color="red" title={t("cuenta.totp.tituloError")}>
            {error}
          </Alert>
        ) : null}
        {cuerpo}
        {usuario.rol === "administrador" && estado.data && !recuperacion && !configuracion ? (
          <Switch
            checked={estado.data.obligatorio}
            onChange={(evento) => void exigir(evento.currentTarget.checked)}
            label={t("cuenta.totp.exigirAdmin")}
            disabled={enviando}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
