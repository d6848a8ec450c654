import { ErrorHttp, homeDeRol, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft, IconTrash, IconUserCheck, IconUserMinus } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { useSesion } from "../../app/session-store";
import { api } from "../../lib/api";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { EstructuraSocio } from "../estructura/estructura-socio";
import { PagosSocio } from "../pagos/pagos-socio";
import { CuentaSocio } from "../usuarios/cuenta-socio";
import { Cargando, ErrorFicha } from "./estado-carga";
import { EnlacesFamilia } from "./familia-socio";
import { FichaSocio, Seccion } from "./ficha-socio";
import { cuerpoDeValores, type ValoresSocio } from "./formulario-socio";
import { FotoSocio } from "./foto-socio";
import { HistorialSocio } from "./historial-socio";
import { MisDatos } from "./mis-datos";
import { TipoBadge } from "./tipo-badge";
import { nombreCompleto, type SocioApi } from "./tipos";
import { CLAVE_SOCIOS, useFamilia, useSocio } from "./use-socios";

const AntiguedadSocio = lazy(() =>
  import("../antiguedad/antiguedad-socio").then((m) => ({ default: m.AntiguedadSocio })),
);

function hoy(): string {
  const d = new Date();
  const dos = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${dos(d.getMonth() + 1)}-${dos(d.getDate())}`;
}

/** `#/socios/ficha/:id`: 0 is "Mis Datos", `nuevo` a new member, a number that member. */
export function SocioFichaPage() {
  const { id = "" } = useParams();
  const { usuario } = useSesion();
  const esAdmin = usuario.rol === "administrador";
  if (id === "0") return <MisDatos />;
  if (id === "nuevo") {
    return esAdmin ? <FichaNueva /> : <Navigate to={`/${homeDeRol(usuario.rol)}`} replace />;
  }
  const numero = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(numero) || numero <= 0) {
    return <ErrorFicha error={new ErrorHttp(404, "Not Found")} />;
  }
  return <FichaExistente key={numero} id={numero} esAdmin={esAdmin} />;
}

function Cabecera({ socio, volver }: { socio: SocioApi | null; volver: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {volver ? (
        <Anchor component={Link} to="/socios" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t("socios.ficha.volver")}
          </Group>
        </Anchor>
      ) : null}
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {socio ? nombreCompleto(socio) || t("areas.ficha") : t("socios.ficha.nuevo")}
        </Title>
        {socio ? <TipoBadge tipo={socio.tipo} size="lg" /> : null}
        {socio && !socio.activo ? (
          <Badge color="gray" size="lg">
            {t("socios.estado.baja")}
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}

function FichaNueva() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cliente = useQueryClient();

  async function crear(valores: ValoresSocio) {
    const creado = await api.post<SocioApi>("/socios", cuerpoDeValores(valores));
    await cliente.invalidateQueries({ queryKey: CLAVE_SOCIOS });
    notifications.show({ color: "green", message: t("socios.ficha.creado") });
    navigate(`/socios/ficha/${creado.id}`, { replace: true });
    return undefined;
  }

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Cabecera socio={null} volver />
      <FichaSocio modo="admin" socio={null} guardar={crear} />
    </Stack>
  );
}

function FichaExistente({ id, esAdmin }: { id: number; esAdmin: boolean }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const socio = useSocio(id);
  const familia = useFamilia(id, esAdmin);

  if (socio.isLoading || (esAdmin && familia.isLoading)) return <Cargando />;
  if (socio.isError) return <ErrorFicha error={socio.error} />;
  const datos = socio.data;
  if (!datos) return <Cargando />;

  async function refrescar() {
    await cliente.invalidateQueries({ queryKey: CLAVE_SOCIOS });
  }

  async function guardar(valores: ValoresSocio) {
    if (!datos) return undefined;
    const guardado = await api.put<SocioApi>(`/socios/${id}`, {
      ...cuerpoDeValores(valores),
      activo: datos.activo,
      fechaBaja: datos.fechaBaja,
      motivoBaja: datos.motivoBaja,
    });
    cliente.setQueryData([...CLAVE_SOCIOS, "ficha", id], guardado);
    await refrescar();
    notifications.show({ color: "green", message: t("socios.ficha.guardado") });
    return guardado;
  }

  const modo = esAdmin ? "admin" : "lectura";
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-start">
        <Cabecera socio={datos} volver={esAdmin} />
        {esAdmin ? <BorrarSocio socio={datos} /> : null}
      </Group>
      {!esAdmin ? (
        <Alert color="blue" variant="light">
          {t("socios.ficha.soloLectura")}
        </Alert>
      ) : null}
      <Seccion titulo={t("socios.secciones.foto")}>
        <FotoSocio idSocio={id} nombre={nombreCompleto(datos)} editable={esAdmin} />
      </Seccion>
      <FichaSocio
        key={`${datos.id}-${datos.activo}`}
        modo={modo}
        socio={datos}
        familia={familia.data}
        guardar={esAdmin ? guardar : undefined}
        accionesEstado={esAdmin ? <CambiarEstado socio={datos} alCambiar={refrescar} /> : null}
        enlacesFamilia={familia.data ? <EnlacesFamilia familia={familia.data} /> : null}
      />
      {/* Login account (usuarios feature): its own section */}
      {esAdmin ? <CuentaSocio idSocio={id} email={datos.email} /> : null}
      {/* Charges (pagos feature): the same table as #/pagos, for this member */}
      {esAdmin ? (
        <Seccion titulo={t("pagos.titulo")}>
          <PagosSocio idSocio={id} />
        </Seccion>
      ) : null}
      {/* Escuadras, groups and cargos year by year (estructura feature, issue 49) */}
      {esAdmin ? (
        <Seccion titulo={t("socios.secciones.estructura")}>
          <EstructuraSocio idSocio={id} />
        </Seccion>
      ) : null}
      {/* Seniority, periods and awards (antiguedad feature, issue 49): its own chunk */}
      {esAdmin ? (
        <Seccion titulo={t("antiguedad.ficha.titulo")}>
          <Suspense fallback={null}>
            <AntiguedadSocio idSocio={id} editable />
          </Suspense>
        </Seccion>
      ) : null}
      {esAdmin ? (
        <Seccion titulo={t("socios.secciones.historial")}>
          <HistorialSocio idSocio={id} />
        </Seccion>
      ) : null}
    </Stack>
  );
}

/** "Dar de baja" (with date and reason) or "Reactivar". */
function CambiarEstado({ socio, alCambiar }: { socio: SocioApi; alCambiar: () => Promise<void> }) {
  const { t } = useTranslation();
  const [abierto, setAbierto] = useState(false);
  const [fechaBaja, setFechaBaja] = useState(hoy());
  const [motivoBaja, setMotivoBaja] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function ejecutar(accion: () => Promise<unknown>, mensaje: string) {
    setError(null);
    setEnviando(true);
    try {
      await accion();
      await alCambiar();
      notifications.show({ color: "green", message: mensaje });
      setAbierto(false);
    } catch (e) {
      const texto = mensajeDeError(e);
      setError(texto);
      if (!abierto)
        notifications.show({ color: "red", title: t("errores.titulo"), message: texto });
    } finally {
      setEnviando(false);
    }
  }

  if (!socio.activo) {
    return (
      <Button
        variant="light"
        color="green"
        leftSection={<IconUserCheck size={18} aria-hidden />}
        loading={enviando}
        onClick={() =>
          ejecutar(() => api.post(`/socios/${socio.id}/alta`), t("socios.estado.reactivado"))
        }
      >
        {t("socios.estado.reactivar")}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="light"
        color="orange"
        leftSection={<IconUserMinus size={18} aria-hidden />}
        onClick={() => {
          setError(null);
          setAbierto(true);
        }}
      >
        {t("socios.estado.darDeBaja")}
      </Button>
      <Modal
        opened={abierto}
        onClose={() => setAbierto(false)}
        title={t("socios.estado.tituloBaja")}
        centered
      >
        <Stack>
          <Text size="sm">{t("socios.estado.textoBaja", { nombre: nombreCompleto(socio) })}</Text>
          <CampoFecha
            label={t("socios.campos.fechaBaja")}
            value={fechaBaja}
            onChange={setFechaBaja}
          />
          <Textarea
            label={t("socios.campos.motivoBaja")}
            value={motivoBaja}
            onChange={(e) => setMotivoBaja(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          {error ? (
            <Alert role="alert" color="red">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAbierto(false)}>
              {t("comun.cancelar")}
            </Button>
            <Button
              color="orange"
              loading={enviando}
              onClick={() =>
                ejecutar(
                  () =>
                    api.post(`/socios/${socio.id}/baja`, {
                      fechaBaja,
                      motivoBaja: motivoBaja.trim(),
                    }),
                  t("socios.estado.dadoDeBaja"),
                )
              }
            >
              {t("socios.estado.confirmarBaja")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function BorrarSocio({ socio }: { socio: SocioApi }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cliente = useQueryClient();
  const [abierto, setAbierto] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [borrando, setBorrando] = useState(false);

  async function borrar() {
    setError(null);
    setBorrando(true);
    try {
      await api.delete(`/socios/${socio.id}`);
      cliente.removeQueries({ queryKey: [...CLAVE_SOCIOS, "ficha", socio.id] });
      await cliente.invalidateQueries({ queryKey: CLAVE_SOCIOS });
      notifications.show({ color: "green", message: t("socios.borrar.hecho") });
      navigate("/socios", { replace: true });
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setBorrando(false);
    }
  }

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={18} aria-hidden />}
        onClick={() => {
          setError(null);
          setAbierto(true);
        }}
      >
        {t("socios.borrar.boton")}
      </Button>
      <Modal
        opened={abierto}
        onClose={() => setAbierto(false)}
        title={t("socios.borrar.titulo")}
        centered
      >
        <Stack>
          <Text size="sm">{t("socios.borrar.texto", { nombre: nombreCompleto(socio) })}</Text>
          {error ? (
            <Alert role="alert" color="red" title={t("socios.borrar.error")}>
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAbierto(false)}>
              {t("comun.cancelar")}
            </Button>
            <Button color="red" loading={borrando} onClick={borrar}>
              {t("socios.borrar.confirmar")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
