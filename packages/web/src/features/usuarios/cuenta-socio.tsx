import { ErrorHttp, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import {
  type CuentaAcceso,
  claveCuentaSocio,
  ROLES_CUENTA,
  type RolCuenta,
  useCuentaSocio,
} from "./use-cuenta-socio";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COLOR_ROL: Record<RolCuenta, string> = {
  administrador: "grape",
  usuario: "blue",
  socio: "teal",
};

function useOpcionesRol() {
  const { t } = useTranslation();
  return ROLES_CUENTA.map((rol) => ({ value: rol, label: t(`roles.${rol}`) }));
}

function ErrorAccion({ mensaje }: { mensaje: string | null }) {
  const { t } = useTranslation();
  if (!mensaje) return null;
  return (
    <Alert role="alert" color="red" title={t("usuarios.tituloError")}>
      {mensaje}
    </Alert>
  );
}

/** Field errors of a 400/409 from the API, keyed by field name. */
function erroresDeCampo(error: unknown): Record<string, string> {
  if (!(error instanceof ErrorHttp)) return {};
  const cuerpo = error.cuerpo as { detalles?: { campo?: unknown; mensaje?: unknown }[] } | null;
  const errores: Record<string, string> = {};
  for (const d of cuerpo?.detalles ?? []) {
    if (typeof d.campo === "string" && typeof d.mensaje === "string") errores[d.campo] = d.mensaje;
  }
  return errores;
}

function CrearCuenta({
  idSocio,
  email,
  alCrear,
}: {
  idSocio: number;
  email: string;
  alCrear: (cuenta: CuentaAcceso) => void;
}) {
  const { t } = useTranslation();
  const opciones = useOpcionesRol();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useForm<{ email: string; rol: RolCuenta }>({
    initialValues: { email, rol: "usuario" },
    validate: {
      email: (v) =>
        v.trim() === ""
          ? t("usuarios.emailObligatorio")
          : EMAIL.test(v.trim())
            ? null
            : t("usuarios.emailInvalido"),
    },
  });

  async function enviar(valores: { email: string; rol: RolCuenta }) {
    setError(null);
    setEnviando(true);
    try {
      const cuenta = await api.post<CuentaAcceso>("/usuarios", {
        idSocio,
        email: valores.email.trim(),
        rol: valores.rol,
      });
      notifications.show({
        color: "green",
        message: t("usuarios.creada", { email: cuenta.email }),
      });
      alCrear(cuenta);
    } catch (e) {
      setError(mensajeDeError(e));
      const campos = erroresDeCampo(e);
      form.setErrors(
        Object.fromEntries(Object.entries(campos).filter(([campo]) => campo in form.values)),
      );
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit(enviar)} noValidate aria-label={t("usuarios.crearTitulo")}>
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          {t("usuarios.sinCuenta")}
        </Text>
        <ErrorAccion mensaje={error} />
        <TextInput
          label={t("usuarios.email")}
          type="email"
          autoComplete="off"
          required
          {...form.getInputProps("email")}
        />
        <Select
          label={t("usuarios.rol")}
          data={opciones}
          allowDeselect={false}
          required
          {...form.getInputProps("rol")}
        />
        <Group>
          <Button type="submit" loading={enviando}>
            {t("usuarios.crear")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Accion = "rol" | "activo" | "invitacion" | "restablecer" | "totp";

function DatosCuenta({
  cuenta,
  alCambiar,
}: {
  cuenta: CuentaAcceso;
  alCambiar: (cuenta: CuentaAcceso) => void;
}) {
  const { t } = useTranslation();
  const opciones = useOpcionesRol();
  const [rol, setRol] = useState<RolCuenta>(cuenta.rol);
  const [ocupado, setOcupado] = useState<Accion | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function ejecutar(accion: Accion, llamada: () => Promise<CuentaAcceso>, exito: string) {
    setError(null);
    setOcupado(accion);
    try {
      const nueva = await llamada();
      notifications.show({ color: "green", message: exito });
      setRol(nueva.rol);
      alCambiar(nueva);
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setOcupado(null);
    }
  }

  const cambiarRol = () =>
    ejecutar(
      "rol",
      () => api.patch<CuentaAcceso>(`/usuarios/${cuenta.id}`, { rol }),
      t("usuarios.rolCambiado", { rol: t(`roles.${rol}`) }),
    );
  const alternarActivo = () =>
    ejecutar(
      "activo",
      () => api.patch<CuentaAcceso>(`/usuarios/${cuenta.id}`, { activo: !cuenta.activo }),
      t(cuenta.activo ? "usuarios.desactivadaOk" : "usuarios.reactivadaOk"),
    );
  const reenviar = () =>
    ejecutar(
      "invitacion",
      () => api.post<CuentaAcceso>(`/usuarios/${cuenta.id}/invitacion`),
      t("usuarios.invitacionReenviada", { email: cuenta.email }),
    );
  const restablecer = () =>
    ejecutar(
      "restablecer",
      () => api.post<CuentaAcceso>(`/usuarios/${cuenta.id}/restablecer`),
      t("usuarios.restablecimientoEnviado", { email: cuenta.email }),
    );

  // DELETE answers 204: the account is read again to show it without TOTP.
  const [confirmandoTotp, setConfirmandoTotp] = useState(false);
  // Also the codes a restore of another installation left to set up again: without mail, only an
  // administrator removing them lets the account go on (docs/adr/0015).
  const tieneTotp = cuenta.totpActivo || cuenta.totpRenovar;
  const quitarTotp = () => {
    setConfirmandoTotp(false);
    return ejecutar(
      "totp",
      async () => {
        await api.delete(`/usuarios/${cuenta.id}/totp`);
        return api.get<CuentaAcceso>(`/usuarios/${cuenta.id}`);
      },
      t("usuarios.totpQuitada"),
    );
  };

  const filas: [string, React.ReactNode][] = [
    [t("usuarios.email"), cuenta.email],
    [
      t("usuarios.rol"),
      <Badge key="rol" color={COLOR_ROL[cuenta.rol]} variant="light">
        {t(`roles.${cuenta.rol}`)}
      </Badge>,
    ],
    [
      t("usuarios.estado"),
      <Badge key="estado" color={cuenta.activo ? "green" : "gray"} variant="light">
        {t(cuenta.activo ? "usuarios.activa" : "usuarios.desactivada")}
      </Badge>,
    ],
    [
      t("usuarios.condiciones"),
      t(cuenta.condicionesAceptadas === "si" ? "usuarios.condicionesSi" : "usuarios.condicionesNo"),
    ],
    [
      t("usuarios.invitacion"),
      cuenta.invitacionPendiente ? (
        <Badge key="invitacion" color="yellow" variant="light">
          {t("usuarios.invitacionPendiente")}
        </Badge>
      ) : (
        t("usuarios.invitacionAceptada")
      ),
    ],
    ...(tieneTotp
      ? ([
          [
            t("cuenta.totp.titulo"),
            <Badge key="totp" color={cuenta.totpActivo ? "green" : "orange"} variant="light">
              {cuenta.totpActivo ? t("usuarios.totpActiva") : t("usuarios.totpRenovar")}
            </Badge>,
          ],
        ] as [string, React.ReactNode][])
      : []),
  ];

  return (
    <Stack gap="sm">
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {filas.map(([etiqueta, valor]) => (
            <Table.Tr key={etiqueta}>
              <Table.Th w={180} scope="row">
                {etiqueta}
              </Table.Th>
              <Table.Td>{valor}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ErrorAccion mensaje={error} />
      <Group align="flex-end" gap="sm">
        <Select
          label={t("usuarios.nuevoRol")}
          data={opciones}
          value={rol}
          allowDeselect={false}
          onChange={(v) => v && setRol(v as RolCuenta)}
          w={200}
        />
        <Button
          variant="default"
          onClick={cambiarRol}
          disabled={rol === cuenta.rol || ocupado !== null}
          loading={ocupado === "rol"}
        >
          {t("usuarios.cambiarRol")}
        </Button>
      </Group>
      <Group gap="sm">
        <Button
          variant={cuenta.activo ? "outline" : "filled"}
          color={cuenta.activo ? "red" : "green"}
          onClick={alternarActivo}
          disabled={ocupado !== null && ocupado !== "activo"}
          loading={ocupado === "activo"}
        >
          {t(cuenta.activo ? "usuarios.desactivar" : "usuarios.reactivar")}
        </Button>
        {cuenta.activo && cuenta.invitacionPendiente ? (
          <Button
            variant="default"
            onClick={reenviar}
            disabled={ocupado !== null && ocupado !== "invitacion"}
            loading={ocupado === "invitacion"}
          >
            {t("usuarios.reenviarInvitacion")}
          </Button>
        ) : null}
        {cuenta.activo ? (
          <Button
            variant="default"
            onClick={restablecer}
            disabled={ocupado !== null && ocupado !== "restablecer"}
            loading={ocupado === "restablecer"}
          >
            {t("usuarios.forzarRestablecimiento")}
          </Button>
        ) : null}
        {tieneTotp ? (
          <Button
            variant="default"
            onClick={() => setConfirmandoTotp(true)}
            disabled={ocupado !== null && ocupado !== "totp"}
            loading={ocupado === "totp"}
          >
            {t("usuarios.quitarTotp")}
          </Button>
        ) : null}
      </Group>
      {confirmandoTotp && tieneTotp ? (
        <Alert color="yellow" title={t("usuarios.quitarTotp")}>
          <Stack gap="xs">
            <Text size="sm">{t("usuarios.quitarTotpConfirmar")}</Text>
            <Group gap="sm">
              <Button color="red" onClick={() => void quitarTotp()}>
                {t("usuarios.quitarTotp")}
              </Button>
              <Button variant="default" onClick={() => setConfirmandoTotp(false)}>
                {t("comun.cancelar")}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The login account of a member, inside the member's record (administrators only): its data
 * and actions, or the form to create it and send the invitation.
 */
export function CuentaSocio({ idSocio, email }: { idSocio: number; email: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const consulta = useCuentaSocio(idSocio);
  const idTitulo = useId();

  function actualizar(cuenta: CuentaAcceso) {
    queryClient.setQueryData(claveCuentaSocio(idSocio), cuenta);
    void queryClient.invalidateQueries({ queryKey: ["usuarios"] });
  }

  let contenido: React.ReactNode;
  if (consulta.isPending) {
    contenido = (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t("usuarios.cargando")}</Text>
      </Group>
    );
  } else if (consulta.isError) {
    contenido = (
      <Alert role="alert" color="red" title={t("usuarios.errorCarga")}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{mensajeDeError(consulta.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void consulta.refetch()}>
            {t("comun.reintentar")}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (consulta.data) {
    contenido = (
      <DatosCuenta key={consulta.data.id} cuenta={consulta.data} alCambiar={actualizar} />
    );
  } else {
    contenido = <CrearCuenta idSocio={idSocio} email={email} alCrear={actualizar} />;
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={idTitulo}>
      <Stack gap="sm">
        <Title order={3} id={idTitulo}>
          {consulta.isSuccess && !consulta.data ? t("usuarios.crearTitulo") : t("usuarios.titulo")}
        </Title>
        {contenido}
      </Stack>
    </Paper>
  );
}
