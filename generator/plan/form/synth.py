"""Synthetic phone photos of forms, for the tests and the accuracy benchmark.

`render` rasterises a form PDF (pypdfium2); `photograph` puts the sheet on a table and takes
a picture of it in software: paper curl, tilt in 3D, rotation, scale, uneven light, a hard
shadow, blur, sensor noise and JPEG compression, each set by a `Camera`. All randomness comes
from the numpy generator given, so a seed gives the same photo.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np


@dataclass(frozen=True)
class Camera:
    """How a photo is taken: angles in degrees, blur in pixels, noise in grey levels."""

    rotate: float = 0.0
    tilt_x: float = 0.0
    tilt_y: float = 0.0
    fill: float = 0.85  # share of the photo's long side the sheet takes
    curl: float = 0.0  # paper curl, in pixels of displacement
    light: float = 0.0  # 0 even light .. 0.5 one side half as bright
    shadow: float = 0.0  # 0 none .. 0.6 a hard shadow taking 60 % of the light
    blur: float = 0.0
    noise: float = 0.0
    jpeg: int = 92
    long_side: int = 0  # pixels on the photo's long side (0: from the sheet's size and scale)
    scale: float = 1.0  # the sheet's resolution in the photo, as a share of the rasterised one


def render(pdf: Path, dpi: float) -> Any:
    """Return page 1 of pdf in grey at dpi."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        bitmap = doc[0].render(scale=dpi / 72, grayscale=True)
        image = np.array(bitmap.to_numpy())
    finally:
        doc.close()
    return image if image.ndim == 2 else image[:, :, 0]


def random_camera(rng: Any, hard: bool = True) -> Camera:
    """Return a camera with every distortion drawn at random (within the benchmark's ranges)."""
    tilt = rng.uniform(0, 25 if hard else 12)
    angle = rng.uniform(0, 2 * math.pi)
    return Camera(rotate=float(rng.uniform(0, 360)), tilt_x=float(tilt * math.cos(angle)),
                  tilt_y=float(tilt * math.sin(angle)), fill=float(rng.uniform(0.7, 0.95)),
                  curl=float(rng.uniform(0, 6)), light=float(rng.uniform(0, 0.45)),
                  shadow=float(rng.uniform(0, 0.5)) if rng.random() < 0.6 else 0.0,
                  blur=float(rng.uniform(0, 1.6)), noise=float(rng.uniform(0, 8)),
                  jpeg=int(rng.integers(40, 91)), scale=float(rng.uniform(0.9, 1.15)))


def photograph(sheet: Any, camera: Camera, rng: Any) -> bytes:
    """Return a JPEG photo of the grey sheet taken with camera."""
    h, w = sheet.shape
    if camera.curl:
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        bend = camera.curl * np.sin(np.pi * xs / w) * (ys / h - 0.5) * 2
        sheet = cv2.remap(sheet, xs, ys + bend.astype(np.float32), cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
    corners = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0],
                          [-w / 2, h / 2, 0]], np.float32)
    rot = _rotation(camera.tilt_x, camera.tilt_y, camera.rotate)
    pts = corners @ rot.T
    focal = 1.2 * max(w, h)
    pts[:, 2] += focal * 1.5
    proj = pts[:, :2] / pts[:, 2:3] * focal
    span = proj.max(axis=0) - proj.min(axis=0)
    if camera.long_side:
        out_w, out_h = camera.long_side, int(camera.long_side * 0.75)
        k = min(out_w * camera.fill / span[0], out_h * camera.fill / span[1])
    else:  # the sheet's middle keeps the resolution it was rasterised at (times camera.scale)
        k = 1.5 * camera.scale  # the sheet's middle stands 1.5 focal lengths away
        side = max(span[0] * k / camera.fill, span[1] * k / camera.fill / 0.75)
        out_w, out_h = int(side), int(side * 0.75)
    proj = (proj - proj.mean(axis=0)) * k + np.array([out_w / 2, out_h / 2], np.float32)
    room = (np.array([out_w, out_h], np.float32) - (proj.max(axis=0) - proj.min(axis=0))) / 2
    proj += rng.uniform(-0.8, 0.8, 2) * np.maximum(room - 4, 0)  # the whole sheet in view
    m = cv2.getPerspectiveTransform(np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32),
                                    proj.astype(np.float32))
    table = np.full((out_h, out_w), 95, np.uint8)
    photo: Any = cv2.warpPerspective(sheet, m, (out_w, out_h), dst=table,
                                     borderMode=cv2.BORDER_TRANSPARENT).astype(np.float32)
    ys, xs = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    if camera.light:
        a = rng.uniform(0, 2 * math.pi)
        grad = (np.cos(a) * xs / out_w + np.sin(a) * ys / out_h)
        grad = (grad - grad.min()) / max(float(np.ptp(grad)), 1e-6)
        photo *= 1 - camera.light * grad
    if camera.shadow:
        a = rng.uniform(0, 2 * math.pi)
        cx, cy = rng.uniform(0.2, 0.8) * out_w, rng.uniform(0.2, 0.8) * out_h
        side = (xs - cx) * np.cos(a) + (ys - cy) * np.sin(a) > 0
        photo[side] *= 1 - camera.shadow
    if camera.blur:
        photo = cv2.GaussianBlur(photo, (0, 0), camera.blur)
    if camera.noise:
        photo = photo + rng.normal(0, camera.noise, photo.shape)
    image = np.clip(photo, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, camera.jpeg])
    assert ok
    return bytes(data)


def _rotation(tilt_x: float, tilt_y: float, rotate: float) -> Any:
    """Return the 3D rotation: turn in the sheet's plane, then tilt about x and y."""
    ax, ay, az = (math.radians(v) for v in (tilt_x, tilt_y, rotate))
    rx = np.array([[1, 0, 0], [0, math.cos(ax), -math.sin(ax)], [0, math.sin(ax), math.cos(ax)]])
    ry = np.array([[math.cos(ay), 0, math.sin(ay)], [0, 1, 0], [-math.sin(ay), 0, math.cos(ay)]])
    rz = np.array([[math.cos(az), -math.sin(az), 0], [math.sin(az), math.cos(az), 0], [0, 0, 1]])
    return (rx @ ry @ rz).astype(np.float32)
