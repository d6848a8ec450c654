import { Center, Image, type ImageProps, Text } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useImagenApi } from "./use-anuncios";

/**
 * An image of the API loaded with the session token (`ruta` as the API gives it, `/api/…`);
 * a plain placeholder while loading or without one.
 */
export function ImagenApi({
  ruta,
  alt,
  textoSinImagen,
  ...props
}: { ruta: string | null; alt: string; textoSinImagen?: string } & ImageProps) {
  const imagen = useImagenApi(ruta);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!imagen.data) {
      setUrl(null);
      return;
    }
    const nueva = URL.createObjectURL(imagen.data);
    setUrl(nueva);
    return () => URL.revokeObjectURL(nueva);
  }, [imagen.data]);

  if (!url) {
    return (
      <Center h={props.h} bg="var(--mantine-color-gray-1)" style={{ borderRadius: props.radius }}>
        <IconPhoto size={32} aria-hidden color="var(--mantine-color-gray-5)" />
        {textoSinImagen ? (
          <Text size="xs" c="dimmed" ml={4}>
            {textoSinImagen}
          </Text>
        ) : null}
      </Center>
    );
  }
  return <Image src={url} alt={alt} {...props} />;
}
