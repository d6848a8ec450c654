import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "red",
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "700" },
  cursorType: "pointer",
});
