import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EstadoBadge } from "./estado-badge";

describe("EstadoBadge", () => {
  it.each([
    ["pendiente", "Pendiente"],
    ["pagado", "Pagado"],
    ["devuelto", "Devuelto"],
    ["anulado", "Anulado"],
  ] as const)("muestra el estado %s en castellano", (estado, texto) => {
    render(
      <MantineProvider>
        <EstadoBadge estado={estado} />
      </MantineProvider>,
    );
    expect(screen.getByText(texto)).toBeTruthy();
  });
});
