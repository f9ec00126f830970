import { Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

/**
 * The drawing surface (signature_pad on a canvas sized to its box at the screen's pixel ratio). It reports a PNG
 * data URL after each stroke, or null when cleared; a previous drawing is painted back after a resize.
 */
export function SignaturePadCanvas({
  id,
  image,
  disabled,
  onDraw,
}: {
  id: string;
  image: string | null;
  disabled: boolean;
  onDraw: (dataUrl: string | null) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  // Latest values for the long-lived pad listeners, without re-creating the pad on every render.
  const latest = useRef({ image, onDraw });
  useEffect(() => {
    latest.current = { image, onDraw };
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#1a1b1e', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const report = () => latest.current.onDraw(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', report);
    let width = 0;
    const fit = () => {
      if (canvas.offsetWidth === 0 || canvas.offsetWidth === width) return;
      width = canvas.offsetWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      const previous = latest.current.image;
      if (previous) void pad.fromDataURL(previous, { width: canvas.offsetWidth, height: canvas.offsetHeight });
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onDraw(null);
  };

  return (
    <Box>
      <Text size="sm" c="dimmed" id={`${id}-help`} mb={4}>
        Draw your signature in the box with a mouse, pen or finger.
      </Text>
      <canvas
        ref={canvasRef}
        id={id}
        role="img"
        aria-label={image ? 'Signature drawing area, signed' : 'Signature drawing area, empty'}
        aria-describedby={`${id}-help`}
        style={{
          display: 'block',
          width: '100%',
          maxWidth: 560,
          height: 160,
          border: '1px solid var(--mantine-color-gray-5)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-white)',
          touchAction: 'none',
          cursor: disabled ? 'default' : 'crosshair',
        }}
      />
      {!disabled && (
        <Group mt={6}>
          <Button size="xs" variant="default" onClick={clear} disabled={!image}>
            Clear drawing
          </Button>
        </Group>
      )}
    </Box>
  );
}
