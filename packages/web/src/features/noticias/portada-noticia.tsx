import { Image, type ImageProps } from "@mantine/core";
import { useEffect, useState } from "react";
import { usePortada } from "./use-noticias";

/** A news cover loaded with the session token; nothing while loading or when there is none. */
export function PortadaNoticia({
  imagen,
  alt,
  ...props
}: { imagen: string | null; alt: string } & ImageProps) {
  const portada = usePortada(imagen);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!portada.data) {
      setUrl(null);
      return;
    }
    const nueva = URL.createObjectURL(portada.data);
    setUrl(nueva);
    return () => URL.revokeObjectURL(nueva);
  }, [portada.data]);

  if (!url) return null;
  return <Image src={url} alt={alt} {...props} />;
}
