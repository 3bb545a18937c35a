#!/usr/bin/env python3
"""Writes the Kriegspiel piece set (drawn for this project; GPL-3.0-or-later) as 12 SVG files.

Run from this folder: python3 make_pieces.py
"""
import os

SHAPES = {
    'P': [
        ('circle', dict(cx=50, cy=27, r=12)),
        ('path', dict(d="M37 44 H63 L59 51 H41 Z")),
        ('path', dict(d="M42 51 C41 62 35 70 29 79 H71 C65 70 59 62 58 51 Z")),
        ('rect', dict(x=23, y=79, width=54, height=10, rx=3)),
    ],
    'R': [
        ('rect', dict(x=21, y=80, width=58, height=10, rx=3)),
        ('rect', dict(x=27, y=71, width=46, height=9, rx=2)),
        ('path', dict(d="M32 71 L35 40 H65 L68 71 Z")),
        ('rect', dict(x=27, y=31, width=46, height=9, rx=2)),
        ('path', dict(d="M25 31 V14 H36 V21 H44.5 V14 H55.5 V21 H64 V14 H75 V31 Z")),
    ],
    'B': [
        ('rect', dict(x=23, y=80, width=54, height=10, rx=3)),
        ('rect', dict(x=31, y=71, width=38, height=9, rx=2)),
        ('path', dict(d="M50 20 C29 35 31 57 37 71 H63 C69 57 71 35 50 20 Z")),
        ('circle', dict(cx=50, cy=14, r=5.5)),
    ],
    'N': [
        ('rect', dict(x=21, y=80, width=58, height=10, rx=3)),
        ('path', dict(d="M31 80 C30 66 37 58 45 50 C38 53 31 57 25 54 C19 50 21 43 27 38 "
                        "C33 32 39 26 43 19 L45 9 L52 17 C65 19 75 31 77 49 C79 61 76 71 72 80 Z")),
    ],
    'Q': [
        ('rect', dict(x=21, y=80, width=58, height=10, rx=3)),
        ('path', dict(d="M31 68 L26 80 H74 L69 68 Z")),
        ('path', dict(d="M31 68 L19 31 L35 47 L37 22 L46 43 L50 18 L54 43 L63 22 L65 47 L81 31 L69 68 Z")),
        ('circle', dict(cx=19, cy=28, r=4.5)),
        ('circle', dict(cx=37, cy=19, r=4.5)),
        ('circle', dict(cx=50, cy=14, r=4.5)),
        ('circle', dict(cx=63, cy=19, r=4.5)),
        ('circle', dict(cx=81, cy=28, r=4.5)),
    ],
    'K': [
        ('rect', dict(x=21, y=80, width=58, height=10, rx=3)),
        ('path', dict(d="M29 80 C29 67 31 59 33 52 H67 C69 59 71 67 71 80 Z")),
        ('rect', dict(x=30, y=45, width=40, height=8, rx=2)),
        ('path', dict(d="M32 45 C29 33 39 27 50 30 C61 27 71 33 68 45 Z")),
        ('path', dict(d="M46 6 H54 V13 H61 V21 H54 V30 H46 V21 H39 V13 H46 Z")),
    ],
}
DETAILS = {  # inner lines that give the pieces some relief
    'P': ["M40 79 C44 71 46 62 46 53"],
    'R': ["M33 40 H67", "M32 71 H68"],
    'B': ["M56 34 L45 49", "M44 71 C40 60 40 45 46 34"],
    'N': ["M58 24 C67 34 71 50 67 70", "M27 46 L31 45"],
    'Q': ["M31 68 H69", "M36 74 H64"],
    'K': ["M35 64 C45 60 55 60 65 64", "M33 72 C44 68 56 68 67 72"],
}
EYES = {'N': (43, 31, 2.6)}
# (set folder, colour letter, fill, outline, relief lines or None, outline width)
STYLES = [
    ('.', 'w', '#fbfbf7', '#1b1b1b', '#1b1b1b', 3.2),
    ('.', 'b', '#2a2a2e', '#0a0a0a', '#d8d8d0', 3.2),
    ('flat', 'w', '#ffffff', '#3a3a3a', None, 4.5),
    ('flat', 'b', '#101010', '#101010', None, 4.5),
]


def attrs(d):
    return ' '.join(f'{k}="{v}"' for k, v in d.items())


def main():
    for folder, color, fill, stroke, detail, width in STYLES:
        os.makedirs(folder, exist_ok=True)
        for role, parts in SHAPES.items():
            body = '\n'.join(f'  <{tag} {attrs(a)}/>' for tag, a in parts)
            lines = '\n'.join(
                f'<path d="{d}" fill="none" stroke="{detail}" stroke-width="2.2" stroke-linecap="round"/>'
                for d in (DETAILS.get(role, []) if detail else []))
            eye = ''
            if role in EYES:
                eye_colour = detail or ('#ffffff' if color == 'b' else '#3a3a3a')
                x, y, r = EYES[role]
                eye = f'\n<circle cx="{x}" cy="{y}" r="{r}" fill="{eye_colour}" stroke="none"/>'
            svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">\n'
                   f'<!-- Kriegspiel piece set, drawn for this project. GPL-3.0-or-later. -->\n'
                   f'<g fill="{fill}" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round">\n'
                   f'{body}\n</g>\n{lines}{eye}\n</svg>\n')
            with open(os.path.join(folder, f'{color}{role}.svg'), 'w') as f:
                f.write(svg)


if __name__ == '__main__':
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    main()
