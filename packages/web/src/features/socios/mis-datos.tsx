import { ErrorHttp, mensajeDeError } from "@fila/domain";
import { Alert, Button, Group, Stack, Switch, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconKey } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, peticion } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { CambiarContrasenyaModal } from "../cuenta/cambiar-contrasenya-modal";
import { Cargando, ErrorFicha } from "./estado-carga";
import { FichaSocio, Seccion } from "./ficha-socio";
import { cuerpoPropio, type ValoresSocio } from "./formulario-socio";
import { FotoSocio } from "./foto-socio";
import { TipoBadge } from "./tipo-badge";
import { nombreCompleto, type SocioApi } from "./tipos";
import { CLAVE_SOCIOS, useSocio } from "./use-socios";

/** The file name the server suggests (Content-Disposition), or ours. */
export function nombreDeDescarga(cabecera: string | null, porDefecto: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cabecera ?? "");
  return m ? decodeURIComponent(m[1]) : porDefecto;
}

function guardarArchivo(blob: Blob, nombre: string) {
  const url = URL.createObjectURL(blob);
  const enlace = document.createElement("a");
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `#/socios/ficha/0`: the signed-in person's own record; contact and bank data editable. */
export function MisDatos() {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const socio = useSocio("yo");
  const [cambiando, { open, close }] = useDisclosure(false);
  const [descargando, setDescargando] = useState(false);
  const [guardandoEnvios, setGuardandoEnvios] = useState(false);

  async function guardar(valores: ValoresSocio) {
    const guardado = await api.patch<SocioApi>("/socios/yo", cuerpoPropio(valores));
    cliente.setQueryData([...CLAVE_SOCIOS, "ficha", "yo"], guardado);
    notifications.show({ color: "green", message: t("socios.misDatos.guardado") });
    return guardado;
  }

  /** The member's own «no quiero recibir envíos» (issue 36), saved at once. */
  async function cambiarEnvios(noEnvios: boolean) {
    setGuardandoEnvios(true);
    try {
      const guardado = await api.patch<SocioApi>("/socios/yo", { noEnvios });
      cliente.setQueryData([...CLAVE_SOCIOS, "ficha", "yo"], guardado);
      notifications.show({
        color: "green",
        message: t(
          noEnvios ? "socios.misDatos.noEnviosGuardado" : "socios.misDatos.siEnviosGuardado",
        ),
      });
    } catch (e) {
      notifications.show({ color: "red", title: t("errores.titulo"), message: mensajeDeError(e) });
    } finally {
      setGuardandoEnvios(false);
    }
  }

  async function descargar() {
    setDescargando(true);
    try {
      const respuesta = await peticion("/socios/yo/datos");
      const nombre = nombreDeDescarga(
        respuesta.headers.get("Content-Disposition"),
        t("socios.misDatos.archivo"),
      );
      guardarArchivo(await respuesta.blob(), nombre);
    } catch (e) {
      notifications.show({ color: "red", title: t("errores.titulo"), message: mensajeDeError(e) });
    } finally {
      setDescargando(false);
    }
  }

  const cabecera = (
    <Group justify="space-between" align="center" gap="sm">
      <Group gap="sm">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t("areas.misDatos")}
        </Title>
        {socio.data ? <TipoBadge tipo={socio.data.tipo} size="lg" /> : null}
      </Group>
      <Group gap="xs">
        <Button variant="light" leftSection={<IconKey size={18} aria-hidden />} onClick={open}>
          {t("cuenta.cambiarPassword")}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={descargando}
          onClick={descargar}
        >
          {t("socios.misDatos.descargar")}
        </Button>
      </Group>
      <CambiarContrasenyaModal abierto={cambiando} alCerrar={close} />
    </Group>
  );

  let cuerpo: React.ReactNode;
  if (socio.isLoading) cuerpo = <Cargando />;
  else if (socio.isError) {
    cuerpo =
      socio.error instanceof ErrorHttp && socio.error.status === 404 ? (
        <Alert color="yellow" title={t("socios.misDatos.sinSocio")}>
          {mensajeDeError(socio.error)}
        </Alert>
      ) : (
        <ErrorFicha error={socio.error} />
      );
  } else if (socio.data) {
    const datos = socio.data;
    cuerpo = (
      <>
        <Text c="dimmed" size="sm">
          {t("socios.misDatos.intro")}
        </Text>
        <Seccion titulo={t("socios.secciones.foto")}>
          <FotoSocio idSocio={datos.id} nombre={nombreCompleto(datos)} editable />
        </Seccion>
        <FichaSocio key={datos.id} modo="propio" socio={datos} guardar={guardar} />
        <Seccion titulo={t("socios.misDatos.envios")}>
          <Switch
            checked={datos.noEnvios === true}
            disabled={guardandoEnvios}
            onChange={(evento) => cambiarEnvios(evento.currentTarget.checked)}
            label={t("socios.misDatos.noEnvios")}
            description={t("socios.misDatos.noEnviosAyuda")}
          />
        </Seccion>
      </>
    );
  }

  return (
    <Stack gap="md" maw={1100} mx="auto">
      {cabecera}
      {cuerpo}
    </Stack>
  );
}
