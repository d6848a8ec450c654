import { type AnuncioVista, enlaceWhatsapp, formatearFecha, hoyIso } from "@fila/domain";
import {
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconBrandWhatsapp,
  IconMail,
  IconPencil,
  IconPhone,
  IconRefresh,
  IconStar,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { ImagenApi } from "../../lib/imagen-api";
import { notificarError } from "../../lib/notificar";
import { EstadoAnuncio, precioDeAnuncio } from "./tarjeta-anuncio";
import { entradaDe, useMutacionesAnuncios } from "./use-anuncios";

/** One ad in full: gallery, price, description, contact buttons and the owner's or board's actions. */
export function DetalleAnuncio({
  anuncio,
  alCerrar,
  alEditar,
}: {
  anuncio: AnuncioVista;
  alCerrar: () => void;
  alEditar: () => void;
}) {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const movil = useMediaQuery("(max-width: 36em)");
  const [actual, setActual] = useState(0);
  const [confirmando, setConfirmando] = useState(false);
  const { guardar, borrar, renovar } = useMutacionesAnuncios();
  const esAdministrador = usuario.rol === "administrador";
  const esDueno = usuario.socioId > 0 && usuario.socioId === anuncio.idSocio;
  const { contacto } = anuncio;
  const whatsapp = contacto.telefono ? enlaceWhatsapp(contacto.telefono) : null;
  // An expired ad comes back by renewing it, not by switching it on.
  const caducado = anuncio.caduca < hoyIso();
  const imagen = anuncio.imagenes[Math.min(actual, anuncio.imagenes.length - 1)] ?? null;

  const cambiar = (cambios: Parameters<typeof entradaDe>[1]) =>
    guardar.mutate(
      { id: anuncio.id, datos: entradaDe(anuncio, cambios) },
      { onError: (e) => notificarError(e), onSuccess: alCerrar },
    );

  return (
    <Modal
      opened
      onClose={alCerrar}
      title={anuncio.titulo}
      fullScreen={movil}
      size="lg"
      closeButtonProps={{ "aria-label": t("mercadillo.cerrar") }}
    >
      <Stack gap="sm">
        <ImagenApi
          ruta={imagen}
          alt={t("mercadillo.imagenDe", { n: actual + 1, titulo: anuncio.titulo })}
          h={movil ? 280 : 380}
          fit="contain"
          radius="md"
          textoSinImagen={t("mercadillo.sinImagen")}
        />
        {anuncio.imagenes.length > 1 ? (
          <ScrollArea type="auto">
            <Group gap="xs" wrap="nowrap">
              {anuncio.imagenes.map((url, i) => (
                <UnstyledButton
                  key={url}
                  onClick={() => setActual(i)}
                  aria-label={t("mercadillo.verImagen", { n: i + 1 })}
                  aria-pressed={i === actual}
                  style={{
                    outline: i === actual ? "2px solid var(--mantine-color-blue-6)" : undefined,
                    borderRadius: 6,
                  }}
                >
                  <ImagenApi
                    ruta={`${url}/miniatura`}
                    alt=""
                    w={64}
                    h={64}
                    fit="cover"
                    radius="sm"
                  />
                </UnstyledButton>
              ))}
            </Group>
          </ScrollArea>
        ) : null}
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" c="teal.9">
            {precioDeAnuncio(anuncio.precio, t("mercadillo.gratis"))}
          </Title>
          <Group gap={4}>
            {anuncio.destacado ? (
              <Badge color="yellow" variant="filled" c="dark">
                {t("mercadillo.destacado")}
              </Badge>
            ) : null}
            <EstadoAnuncio anuncio={anuncio} />
          </Group>
        </Group>
        {anuncio.descripcion ? (
          <Text style={{ whiteSpace: "pre-line" }}>{anuncio.descripcion}</Text>
        ) : null}
        <Group gap={4}>
          {anuncio.etiquetas.map((e) => (
            <Badge key={e} variant="light">
              {e}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {t("mercadillo.publicadoPor", {
            nombre: anuncio.nombreSocio,
            fecha: formatearFecha(anuncio.fecha),
          })}
          {" · "}
          {t("mercadillo.caduca", { fecha: formatearFecha(anuncio.caduca) })}
        </Text>

        <Stack gap={4}>
          <Text fw={600}>
            {t("mercadillo.contactar")}: {contacto.nombre}
          </Text>
          <Group gap="xs">
            {contacto.telefono ? (
              <Button
                component="a"
                href={`tel:${contacto.telefono.replace(/\s/g, "")}`}
                leftSection={<IconPhone size={18} aria-hidden />}
                variant="light"
              >
                {t("mercadillo.llamar")}
              </Button>
            ) : null}
            {whatsapp ? (
              <Button
                component="a"
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                color="green"
                leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
              >
                {t("mercadillo.whatsapp")}
              </Button>
            ) : null}
            {contacto.email ? (
              <Button
                component="a"
                href={`mailto:${contacto.email}?subject=${encodeURIComponent(anuncio.titulo)}`}
                leftSection={<IconMail size={18} aria-hidden />}
                variant="light"
              >
                {t("mercadillo.correo")}
              </Button>
            ) : null}
          </Group>
        </Stack>

        {esDueno || esAdministrador ? (
          <Group gap="xs" mt="sm">
            <Button
              variant="default"
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={alEditar}
            >
              {t("mercadillo.editar")}
            </Button>
            {anuncio.activo || !caducado ? (
              <Button
                variant="default"
                loading={guardar.isPending}
                onClick={() => cambiar({ activo: !anuncio.activo })}
              >
                {anuncio.activo ? t("mercadillo.marcarVendido") : t("mercadillo.reactivar")}
              </Button>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              loading={renovar.isPending}
              onClick={() =>
                renovar.mutate(anuncio.id, {
                  onError: (e) => notificarError(e),
                  onSuccess: alCerrar,
                })
              }
            >
              {t("mercadillo.renovar")}
            </Button>
            {esAdministrador ? (
              <Button
                variant="light"
                color="yellow"
                leftSection={<IconStar size={18} aria-hidden />}
                onClick={() => cambiar({ destacado: !anuncio.destacado })}
              >
                {anuncio.destacado ? t("mercadillo.quitarDestacado") : t("mercadillo.destacar")}
              </Button>
            ) : null}
            {confirmando ? (
              <Stack gap={4} w="100%">
                <Text size="sm">{t("mercadillo.confirmarBorrar", { titulo: anuncio.titulo })}</Text>
                <Group gap="xs">
                  <Button
                    color="red"
                    loading={borrar.isPending}
                    onClick={() =>
                      borrar.mutate(anuncio.id, {
                        onError: (e) => notificarError(e),
                        onSuccess: alCerrar,
                      })
                    }
                  >
                    {t("mercadillo.borrar")}
                  </Button>
                  <Button variant="default" onClick={() => setConfirmando(false)}>
                    {t("mercadillo.form.cancelar")}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={() => setConfirmando(true)}
              >
                {t("mercadillo.borrar")}
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
