import { ErrorHttp, mensajeDeError } from "@fila/domain";
import { Alert, Avatar, FileInput, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPhoto, IconUpload } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, peticion } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";

export const TIPOS_FOTO = ["image/jpeg", "image/png", "image/webp"] as const;
export const MAX_FOTO = 5 * 1024 * 1024;

/** The photo as a blob (an <img src> cannot send the Authorization header); null if none. */
async function leerFoto(idSocio: number, signal: AbortSignal): Promise<Blob | null> {
  try {
    const respuesta = await peticion(`/socios/${idSocio}/imagen`, {
      senal: signal,
      cabeceras: { Accept: "image/*" },
    });
    return await respuesta.blob();
  } catch (error) {
    if (error instanceof ErrorHttp && error.status === 404) return null;
    throw error;
  }
}

/** Multipart upload (field `archivo`). */
async function subirFoto(idSocio: number, archivo: File): Promise<void> {
  const datos = new FormData();
  datos.append("archivo", archivo);
  await api.subir<unknown>(`/socios/${idSocio}/imagen`, datos);
}

/** Checks type and size before sending; the server sniffs the content and decides. */
export function problemaDeFoto(archivo: File): "tipo" | "tamanyo" | null {
  if (!(TIPOS_FOTO as readonly string[]).includes(archivo.type)) return "tipo";
  if (archivo.size > MAX_FOTO) return "tamanyo";
  return null;
}

export function FotoSocio({
  idSocio,
  nombre,
  editable,
}: {
  idSocio: number;
  nombre: string;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [subiendo, setSubiendo] = useState(false);
  const clave = ["socios", "imagen", idSocio];
  const foto = useQuery({
    queryKey: clave,
    queryFn: ({ signal }) => leerFoto(idSocio, signal),
    meta: { errorEnPagina: true },
    retry: false,
    staleTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!foto.data) {
      setUrl(null);
      return;
    }
    const nueva = URL.createObjectURL(foto.data);
    setUrl(nueva);
    return () => URL.revokeObjectURL(nueva);
  }, [foto.data]);

  async function elegir(archivo: File | null) {
    setError(null);
    if (!archivo) return;
    const problema = problemaDeFoto(archivo);
    if (problema) {
      setError(t(`socios.foto.error.${problema}`));
      return;
    }
    setSubiendo(true);
    try {
      await subirFoto(idSocio, archivo);
      await cliente.invalidateQueries({ queryKey: clave });
      notifications.show({ color: "green", message: t("socios.foto.subida") });
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setSubiendo(false);
    }
  }

  return (
    <Stack gap="sm">
      <Group gap="md" align="center" wrap="nowrap">
        <Avatar
          src={url}
          alt={url ? t("socios.foto.alt", { nombre }) : undefined}
          size={96}
          radius="md"
        >
          <IconPhoto size={40} aria-hidden />
        </Avatar>
        {!url && !foto.isLoading ? (
          <Text size="sm" c="dimmed">
            {t("socios.foto.sinFoto")}
          </Text>
        ) : null}
      </Group>
      {editable ? (
        <FileInput
          label={t("socios.foto.subir")}
          description={t("socios.foto.ayuda")}
          placeholder={t("socios.foto.elegir")}
          accept={TIPOS_FOTO.join(",")}
          leftSection={<IconUpload size={16} aria-hidden />}
          value={null}
          onChange={elegir}
          disabled={subiendo}
          clearable={false}
        />
      ) : null}
      {error ? (
        <Alert role="alert" color="red" title={t("socios.foto.error.titulo")}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
