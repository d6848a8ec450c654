import { Box, Container } from "@mantine/core";
import type { ReactNode } from "react";
import { useQuitarArranque } from "./arranque";

/** Layout of the pages reachable without a session (login, password reset, texts). */
export function PublicLayout({ children }: { children: ReactNode }) {
  useQuitarArranque();
  return (
    <Box
      component="main"
      mih="100dvh"
      bg="var(--mantine-color-gray-0)"
      py={{ base: "md", sm: "xl" }}
    >
      <Container size="md" px={{ base: "sm", sm: "md" }}>
        {children}
      </Container>
    </Box>
  );
}
