import { ErrorHttp } from "@fila/domain";
import { Center, Image, type ImageProps, Text } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { peticion } from "./api";

/** An image of the API as a blob (an <img src> cannot send the Authorization header). */
async function leerImagen(ruta: string, signal: AbortSignal): Promise<Blob | null> {
  try {
    const respuesta = await peticion(ruta.replace(/^\/api/, ""), {
      senal: signal,
      cabeceras: { Accept: "image/*" },
    });
    return await respuesta.blob();
  } catch (error) {
    if (error instanceof ErrorHttp && error.status === 404) return null;
    throw error;
  }
}

export function useImagenApi(ruta: string | null) {
  return useQuery({
    queryKey: ["imagen-api", ruta],
    queryFn: ({ signal }) => leerImagen(ruta ?? "", signal),
    enabled: Boolean(ruta),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

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
