import { useMemo } from "react";
import { encode } from "uqr";

/** Modules of white around the code (the quiet zone a camera needs to find it). */
const BORDE = 2;
/** QR mask pattern 0 (of 0–7). */
const MASCARA = 0;

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
  // Encoded once per text, not on every render of the card around it. One mask, not the best of
  // eight: any of them reads the same, and trying the eight with their penalty scores was most
  // of the ~25 ms (100 ms on a slowed phone) the code took. The white border is the viewBox's.
  const { d, size } = useMemo(() => {
    const { data, size } = encode(texto, { border: 0, maskPattern: MASCARA });
    let d = "";
    data.forEach((fila, y) => {
      fila.forEach((negro, x) => {
        if (negro) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { d, size };
  }, [texto]);
  const lado = size + 2 * BORDE;
  return (
    <svg
      role="img"
      aria-label={titulo}
      width={tamanyo}
      height={tamanyo}
      viewBox={`${-BORDE} ${-BORDE} ${lado} ${lado}`}
      shapeRendering="crispEdges"
      data-qr={texto}
    >
      <rect x={-BORDE} y={-BORDE} width={lado} height={lado} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
