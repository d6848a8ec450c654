import type { Acto } from "@fila/domain";
import { Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconPhotoPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { ImagenApi } from "../../lib/imagen-api";
import { notificarError } from "../../lib/notificar";
import { useMutacionesActos } from "./use-actos";

/** The event's image in its form: preview, upload (camera or file) and remove. */
export function ImagenActoCampo({
  acto,
  alCambiar,
}: {
  acto: Acto;
  alCambiar: (imagen: string | null) => void;
}) {
  const { t } = useTranslation();
  const { subirImagen, quitarImagen } = useMutacionesActos();
  const [imagen, setImagenLocal] = useState(acto.imagen);
  const setImagen = (nueva: string | null) => {
    setImagenLocal(nueva);
    alCambiar(nueva);
  };
  const subida = imagen?.startsWith("/api/") ? imagen : null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("actos.imagen.titulo")}
      </Text>
      {subida ? (
        <ImagenApi
          ruta={subida}
          alt={t("actos.imagen.alt", { nombre: acto.nombre })}
          h={140}
          fit="contain"
        />
      ) : null}
      <Group gap="xs">
        <FileButton
          accept="image/jpeg,image/png,image/webp"
          onChange={(archivo) =>
            archivo &&
            subirImagen.mutate(
              { id: acto.id, archivo },
              { onSuccess: (r) => setImagen(r.imagen), onError: (e) => notificarError(e) },
            )
          }
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              loading={subirImagen.isPending}
              leftSection={<IconPhotoPlus size={18} aria-hidden />}
            >
              {t("actos.imagen.subir")}
            </Button>
          )}
        </FileButton>
        {subida ? (
          <Button
            variant="subtle"
            color="red"
            loading={quitarImagen.isPending}
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() =>
              quitarImagen.mutate(acto.id, {
                onSuccess: () => setImagen(null),
                onError: (e) => notificarError(e),
              })
            }
          >
            {t("actos.imagen.quitar")}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
