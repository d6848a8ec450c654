import { useMemo } from "react";
import { encode } from "uqr";

/**
 * A QR code of `texto` drawn as one SVG path (no canvas, no HTML injected): sharp at any size
 * and readable by a phone camera from the screen.
 */
export function CodigoQr({
  texto,
  tamanyo,
  titulo,
}: {
  texto: string;
  tamanyo: number;
  titulo: string;
}) {
  // Encoded once per text, not on every render of the card around it.
  const { d, size } = useMemo(() => {
    const { data, size } = encode(texto, { border: 2 });
    let d = "";
    data.forEach((fila, y) => {
      fila.forEach((negro, x) => {
        if (negro) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { d, size };
  }, [texto]);
  return (
    <svg
      role="img"
      aria-label={titulo}
      width={tamanyo}
      height={tamanyo}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-qr={texto}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
