"""Expected outcomes of every project card, checked by hand against the card data.

PLAY: the change playing the card makes for its owner in a bare state (requirements met,
MC paid added back, ocean tiles with no reward, decisions resolved with the first option).
ACTIONS: the change one use of each blue action makes (see helpers.action_ready).
Keys: mc, heat, plants, tr, forest, hand, temp (steps), oxy, ocean, prod.<x>, res.<card id>.
"""

# fmt: off
PLAY = {
    1: {},  # Adaptation Technology
    2: {},  # Advanced Alloys
    3: {},  # Advanced Screening Technology
    4: {},  # AI Central
    5: {'res.5': 1},  # Anaerobic Microorganisms
    6: {},  # Anti-Gravity Technology
    7: {},  # Aquifer Pumping
    8: {},  # Arctic Algae
    9: {},  # Artificial Jungle
    10: {},  # Assembly Lines
    11: {},  # Asset Liquidation
    12: {},  # Birds
    13: {},  # Brainstorming Session
    14: {},  # Caretaker Contract
    15: {},  # Circuit Board Factory
    16: {},  # Community Gardens
    17: {},  # Composting Factory
    18: {},  # Conserved Biome
    19: {'res.19': 1},  # Decomposers
    20: {'res.20': 2},  # Decomposing Fungus
    21: {},  # Developed Infrastructure
    22: {},  # Development Center
    23: {},  # Earth Catapult
    24: {'res.24': 2},  # Ecological Zone
    25: {},  # Energy Subsidies
    26: {},  # Extended Resources
    27: {},  # Extreme-Cold Fungus
    28: {},  # Farmers Market
    29: {'plants': 3},  # Farming Co-ops
    30: {},  # Fish
    31: {},  # GHG Producing Bacteria
    32: {},  # Greenhouses
    33: {},  # Herbivores
    34: {},  # Hydro-Electric Energy
    35: {},  # Interplanetary Relations
    36: {},  # Interns
    37: {},  # Interplanetary Conference
    38: {},  # Ironworks
    39: {},  # Livestock
    40: {},  # Mars University
    41: {},  # Matter Manufacturing
    42: {},  # Media Group
    43: {'res.43': 3},  # Nitrite Reducing Bacteria
    44: {'hand': 1},  # Olympus Conference
    45: {},  # Optimal Aerobraking
    46: {},  # Physics Complex
    47: {},  # Power Infrastructure
    48: {},  # Recycled Detritus
    49: {},  # Redrafted Contracts
    50: {},  # Regolith Eaters
    51: {},  # Research Outpost
    52: {},  # Restructured Resources
    53: {},  # Small Animals
    54: {},  # Solarpunk
    55: {},  # Standard Technology
    56: {},  # Steelworks
    57: {},  # Symbiotic Fungus
    58: {},  # Tardigrades
    59: {},  # Think Tank
    60: {},  # United Planetary Alliance
    61: {'plants': 2},  # Viral Enhancers
    62: {},  # Volcanic Pools
    63: {},  # Water Import from Europa
    64: {'plants': 4},  # Wood Burning Stoves
    65: {'res.24': 1},  # Advanced Ecosystems
    66: {'ocean': 1, 'tr': 1},  # Artificial Lake
    67: {'oxy': 1, 'tr': 1},  # Atmosphere Filtering
    68: {},  # Breathing Filters
    69: {'tr': 2},  # Bribed Committee
    70: {'hand': 2},  # Business Contacts
    71: {},  # CEO's Favorite Project
    72: {},  # Colonizer Training Camp
    73: {'ocean': 1, 'temp': 1, 'tr': 2},  # Comet
    74: {'hand': 1, 'ocean': 1, 'tr': 1},  # Convoy from Europa
    75: {'ocean': 1, 'tr': 1},  # Crater
    76: {'mc': 7, 'temp': 3, 'tr': 3},  # Deimos Down
    77: {'ocean': 2, 'temp': 2, 'tr': 4},  # Giant Ice Asteroid
    78: {'ocean': 2, 'tr': 2},  # Ice Asteroid
    79: {'ocean': 1, 'tr': 1},  # Ice Cap Melting
    80: {'ocean': 1, 'plants': 3, 'tr': 1},  # Imported Hydrogen
    81: {'plants': 4, 'tr': 1},  # Imported Nitrogen
    82: {},  # Interstellar Colony Ship
    83: {'hand': 1},  # Invention Contest
    84: {'mc': 10, 'tr': -1},  # Investment Loan
    85: {'hand': 1},  # Lagrange Observatory
    86: {'ocean': 2, 'tr': 2},  # Lake Marineris
    87: {'hand': 2, 'ocean': 1, 'plants': 5, 'tr': 1},  # Large Convoy
    88: {'temp': 2, 'tr': 2},  # Lava Flows
    89: {'heat': -3, 'plants': 4},  # Local Heat Trapping
    90: {'forest': 1, 'oxy': 1, 'tr': 1},  # Mangrove
    91: {'plants': 2, 'temp': 1, 'tr': 3},  # Nitrogen-Rich Asteroid
    92: {'ocean': 1, 'tr': 1},  # Permafrost Extraction
    93: {'hand': 2, 'ocean': 1, 'temp': 1, 'tr': 2},  # Phobos Falls
    94: {'forest': 2, 'oxy': 2, 'tr': 2},  # Plantation
    95: {'tr': 2},  # Release of Inert Gases
    96: {'hand': 2},  # Research
    97: {},  # Special Design
    98: {'ocean': 1, 'tr': 1},  # Subterranean Reservoir
    99: {'hand': 2, 'ocean': 1, 'tr': 1},  # Technology Demonstration
    100: {'tr': 1},  # Terraforming Ganymede
    101: {'ocean': 1, 'oxy': 1, 'plants': 2, 'tr': 2},  # Towing a Comet
    102: {},  # Work Crews
    103: {'prod.cards': 1},  # Acquired Company
    104: {'prod.plants': 1},  # Adapted Lichen
    105: {'prod.cards': 1, 'prod.heat': 2},  # Aerated Magma
    106: {'oxy': 1, 'prod.heat': 2, 'tr': 1},  # Airborne Radiation
    107: {'prod.plants': 2},  # Algae
    108: {'prod.plants': 1},  # Archaebacteria
    109: {'prod.heat': 1, 'prod.plants': 1},  # Artificial Photosynthesis
    110: {'prod.titanium': 2},  # Asteroid Mining
    111: {'prod.titanium': 1},  # Asteroid Mining Consortium
    112: {'prod.heat': 3, 'prod.plants': 1},  # Astrofarm
    113: {'prod.heat': 1},  # Atmospheric Insulators
    114: {'prod.cards': 1},  # Automated Factories
    115: {'prod.mc': 3, 'tr': -1},  # Balanced Portfolios
    116: {'prod.heat': 3, 'prod.plants': 1},  # Beam from a Thorium Asteroid
    117: {'plants': -2, 'prod.heat': 5},  # Biomass Combustors
    118: {'forest': 1, 'oxy': 1, 'prod.heat': 1, 'tr': 1},  # Biothermal Power
    119: {'prod.cards': 1, 'prod.mc': 2},  # Blueprints
    120: {'heat': -4, 'prod.steel': 2},  # Building Industries
    121: {'plants': 2, 'prod.plants': 2},  # Bushes
    122: {'prod.cards': 1},  # Callisto Penal Mines
    123: {'prod.mc': 1},  # Cartel
    124: {'prod.heat': 3},  # Coal Imports
    125: {'prod.mc': 4},  # Commercial District
    126: {'prod.heat': 1, 'temp': 1, 'tr': 1},  # Deep Well Heating
    127: {'prod.plants': 2},  # Designed Microorganisms
    128: {'heat': 3, 'plants': 3, 'prod.plants': 1},  # Diversified Interests
    129: {'prod.steel': 1},  # Dusty Quarry
    130: {'prod.mc': 3},  # Economic Growth
    131: {'prod.cards': 2},  # Energy Storage
    132: {'plants': 3, 'prod.mc': 2},  # Eos Chasma National Park
    133: {'plants': 2, 'prod.mc': 2, 'prod.plants': 2},  # Farming
    134: {'plants': -2, 'prod.mc': 4},  # Food Factory
    135: {'heat': -3, 'prod.mc': 1, 'prod.titanium': 1},  # Fuel Factory
    136: {'prod.heat': 2, 'tr': -1},  # Fueled Generators
    137: {'prod.cards': 1},  # Fusion Power
    138: {'prod.titanium': 2},  # Ganymede Shipyard
    139: {'prod.mc': 2},  # Gene Repair
    140: {'prod.heat': 2},  # Geothermal Power
    141: {'prod.heat': 3},  # Giant Space Mirror
    142: {'plants': 3, 'prod.plants': 1},  # Grass
    143: {'prod.heat': 2},  # Great Dam
    144: {'prod.steel': 1},  # Great Escarpment Consortium
    145: {'plants': 1, 'prod.plants': 1},  # Heather
    146: {'prod.mc': 3},  # Immigration Shuttles
    147: {'prod.heat': 2},  # Import of Advanced GHG
    148: {'heat': 5, 'prod.heat': 1},  # Imported GHG
    149: {'prod.mc': 3, 'prod.steel': 1},  # Industrial Center
    150: {'prod.mc': 1, 'prod.plants': 2},  # Industrial Farming
    151: {'prod.heat': 1, 'prod.steel': 1},  # Industrial Microbes
    152: {},  # Insects
    153: {'prod.mc': 2, 'prod.titanium': 2},  # Io Mining Industries
    154: {'plants': 2, 'prod.mc': 2, 'prod.plants': 3},  # Kelp Farming
    155: {'prod.plants': 1},  # Lichen
    156: {'prod.mc': 1},  # Lightning Harvest
    157: {'prod.heat': 2, 'prod.mc': 1},  # Low-Atmo Shields
    158: {'prod.heat': 4, 'tr': -1},  # Lunar Beam
    159: {'prod.heat': 3, 'prod.titanium': 1},  # Mass Converter
    160: {},  # Medical Lab
    161: {'prod.heat': 2, 'prod.plants': 2},  # Methane from Titan
    162: {'prod.heat': 1, 'prod.steel': 1},  # Micro-Mills
    163: {'hand': 1, 'prod.heat': 3},  # Microprocessors
    164: {'prod.steel': 2},  # Mine
    165: {'prod.mc': 1},  # Miranda Resort
    166: {'prod.heat': 4},  # Mohole Area
    167: {'prod.plants': 2, 'tr': -1},  # Monocultures
    168: {'plants': -1, 'prod.plants': 1},  # Moss
    169: {'prod.mc': 2},  # Natural Preserve
    170: {'prod.heat': 1, 'prod.mc': 1, 'prod.plants': 1},  # New Portfolios
    171: {'prod.plants': 2},  # Nitrophilic Moss
    172: {'plants': 2, 'prod.plants': 1},  # Noctis Farming
    173: {'prod.heat': 3, 'prod.mc': 1},  # Nuclear Plants
    174: {'prod.mc': 1},  # Power Grid
    175: {'prod.heat': 1},  # Power Plant
    176: {'prod.heat': 1, 'prod.mc': 2},  # Power Supply Consortium
    177: {'forest': 1, 'oxy': 1, 'prod.mc': 2, 'tr': 1},  # Protected Valley
    178: {'prod.heat': 3},  # Quantum Extractor
    179: {'prod.mc': 2},  # Rad Suits
    180: {'prod.heat': 1},  # Satellite Farms
    181: {'prod.mc': 1},  # Satellites
    182: {'prod.plants': 2},  # Slash and Burn Agriculture
    183: {'hand': 2, 'prod.heat': 5},  # Smelting
    184: {'prod.plants': 2, 'temp': 1, 'tr': 1},  # Soil Warming
    185: {'prod.heat': 1},  # Solar Power
    186: {'hand': 1, 'heat': 3, 'prod.heat': 1},  # Solar Trapping
    187: {'prod.heat': 5},  # Soletta
    188: {'hand': 1, 'prod.heat': 2},  # Space Heaters
    189: {'prod.titanium': 1},  # Space Station
    190: {'prod.mc': 2},  # Sponsors
    191: {'prod.steel': 2, 'prod.titanium': 1, 'tr': -1},  # Strip Mine
    192: {'prod.steel': 1, 'prod.titanium': 1},  # Surface Mines
    193: {'prod.heat': 3},  # Tectonic Stress Power
    194: {'prod.titanium': 1},  # Titanium Mine
    195: {'prod.mc': 3},  # Toll Station
    196: {'plants': 3, 'prod.mc': 2},  # Trading Post
    197: {'ocean': 1, 'prod.heat': 2, 'tr': 1},  # Trapped Heat
    198: {'plants': 1, 'prod.plants': 3},  # Trees
    199: {'heat': -5, 'prod.mc': 4},  # Tropical Resort
    200: {'plants': 1, 'prod.mc': 2, 'prod.plants': 1},  # Tundra Farming
    201: {'prod.mc': 1, 'prod.steel': 1},  # Underground City
    202: {'prod.cards': 1, 'prod.heat': 4},  # Undersea Vents
    203: {},  # Venture Capitalism
    204: {'prod.titanium': 1},  # Vesta Shipyard
    205: {'prod.heat': 3},  # Wave Power
    206: {'prod.heat': 1},  # Windmills
    207: {'prod.plants': 1},  # Worms
    208: {},  # Zeppelins
}

ACTIONS = {
    (3, 0): {'hand': 1},  # Advanced Screening Technology: reveal 3: keep 1 with tag:science|plant, discard rest
    (4, 0): {'hand': 2},  # AI Central: draw 2
    (7, 0): {'mc': -10, 'ocean': 1, 'tr': 1},  # Aquifer Pumping: pay 10mc (-2 per steel): flip:ocean 1
    (9, 0): {'hand': 1, 'plants': -1},  # Artificial Jungle: pay 1 plants: draw 1
    (11, 0): {'hand': 3, 'tr': -1},  # Asset Liquidation: pay 1 tr: draw 3
    (12, 0): {'res.12': 1},  # Birds: add:animal 1 here
    (13, 0): {'mc': 1},  # Brainstorming Session: reveal 1: if green (discard it, mc+1) else (take it)
    (14, 0): {'heat': -8, 'tr': 1},  # Caretaker Contract: pay 8 heat: tr+1
    (15, 0): {'hand': 1},  # Circuit Board Factory: draw 1
    (16, 0): {'mc': 2},  # Community Gardens: mc+2; if phase:action: plants+1
    (18, 0): {'res.58': 1},  # Conserved Biome: choose(add:microbe 1 other | add:animal 1 other)
    (20, 0): {'plants': 3, 'res.20': -1},  # Decomposing Fungus: remove:animal|microbe 1 anywhere: plants+3
    (21, 0): {'mc': -10, 'temp': 1, 'tr': 1},  # Developed Infrastructure: pay 10mc (-5 if blue-cards>=5): raise:temperature 1
    (22, 0): {'hand': 1, 'heat': -2},  # Development Center: pay 2 heat: draw 1
    (27, 0): {'plants': 1},  # Extreme-Cold Fungus: choose(plants+1 | add:microbe 1 other)
    (28, 0): {'mc': -1, 'plants': 2},  # Farmers Market: pay 1mc: plants+2
    (29, 0): {'hand': -1, 'plants': 3},  # Farming Co-ops: discard 1: plants+3
    (31, 0): {'res.31': 1},  # GHG Producing Bacteria: add:microbe 1 here
    (31, 1): {'res.31': -2, 'temp': 1, 'tr': 1},  # GHG Producing Bacteria: remove:microbe 2 here: raise:temperature 1
    (32, 0): {'heat': -1, 'plants': 1},  # Greenhouses: pay X heat (X<=4): plants+X
    (34, 0): {'heat': 2, 'mc': -1},  # Hydro-Electric Energy: pay 1mc: heat+2; if phase:action: heat+1
    (38, 0): {'heat': -4, 'oxy': 1, 'tr': 1},  # Ironworks: pay 4 heat: raise:oxygen 1
    (41, 0): {'hand': 1, 'mc': -1},  # Matter Manufacturing: pay 1mc: draw 1
    (43, 0): {'res.43': 1},  # Nitrite Reducing Bacteria: add:microbe 1 here
    (43, 1): {'ocean': 1, 'res.43': -3, 'tr': 1},  # Nitrite Reducing Bacteria: remove:microbe 3 here: flip:ocean 1
    (47, 0): {'heat': -1, 'mc': 1},  # Power Infrastructure: pay X heat: mc+X
    (49, 0): {},  # Redrafted Contracts: discard X (X<=3): draw X
    (50, 0): {'res.50': 1},  # Regolith Eaters: add:microbe 1 here
    (50, 1): {'oxy': 1, 'res.50': -2, 'tr': 1},  # Regolith Eaters: remove:microbe 2 here: raise:oxygen 1
    (54, 0): {'forest': 1, 'mc': -15, 'oxy': 1, 'tr': 1},  # Solarpunk: pay 15mc (-2 per titanium): forest 1
    (56, 0): {'heat': -6, 'mc': 2, 'oxy': 1, 'tr': 1},  # Steelworks: pay 6 heat: mc+2, raise:oxygen 1
    (57, 0): {'res.58': 1},  # Symbiotic Fungus: add:microbe 1 other
    (58, 0): {'res.58': 1},  # Tardigrades: add:microbe 1 here
    (59, 0): {'hand': 1, 'mc': -2},  # Think Tank: pay 2mc: draw 1
    (62, 0): {'mc': -12, 'ocean': 1, 'tr': 1},  # Volcanic Pools: pay 12mc (-1 per tag:power): flip:ocean 1
    (63, 0): {'mc': -12, 'ocean': 1, 'tr': 1},  # Water Import from Europa: pay 12mc (-1 per titanium): flip:ocean 1
    (64, 0): {'plants': -4, 'temp': 1, 'tr': 1},  # Wood Burning Stoves: pay 4 plants (3 if phase:action): raise:temperature 1
}
# fmt: on
