"""Small data sets with the quirks of real files, each built from a seed.

Quirks, and the sets that have them:

- a categorical level seen in exactly one row: ``penguins`` (sex ".");
- a class with a single row: ``twelve_classes`` (category "gift_card");
- missing target values: ``penguins``, ``cost``;
- a mostly-zero numeric target (85 % zeros): ``cost``;
- a 12-class text target: ``twelve_classes``;
- dates written "Jun 12 1998", and the header row repeated halfway (two files joined):
  ``weather``, ``weather_temp``;
- an id-like text column, unique per row: ``cost``, ``twelve_classes``;
- a constant column: ``cost``, ``clusters``;
- an all-missing column: ``cost``, ``clusters``;
- yes/no booleans written as text: ``cost``, ``weather``, ``clusters``;
- a 300-level text column: ``twelve_classes``;
- numeric columns with missing values and outliers: every set;
- a float target with many distinct values: ``weather_temp``;
- infinite numbers (``inf``, ``-inf``) in a feature and in the target: ``listings``;
- percentages and amounts written as text ("12%", "$1,250.00"): ``listings``;
- zero-padded codes ("00501") and ISO dates with gaps: ``listings``;
- a repeated header, a non-ASCII header and duplicated rows: ``listings``;
- a spreadsheet's failed formulas (``#N/A``, ``#VALUE!``) in a number and an amount
  column: ``listings``;
- one level spelled four ways ("North", "north", "NORTH", "North "): ``listings``;
- a true/false target with missing values: ``listings_furnished``;
- 112 columns for 180 rows, named with spaces, brackets, dots and question marks:
  ``survey``;
- a file saved by a German spreadsheet: semicolons, decimal commas, euro amounts
  ("1.250,00 €"), percentages ("12,5%"), dates 31.12.2023, Windows-1252 with umlauts in
  levels and headers, yes/no written ja/nein, a title and a date above the header row:
  ``bakery``;
- a workbook: notes on the first sheet, a title above the table, native dates and
  booleans, some numbers stored as text, zero-padded codes as text, blank cells, a rare
  class: ``shop_orders``;
- a 0/1 integer target, a class column written 1/2/3, a mostly-empty column, names
  unique per row, zero fares, cells written after ", " and "?" for missing:
  ``passengers``;
- an integer target of seven grades, the highest held by two rows: ``wine_grades``;
- measures written with their unit ("23.4 kmpl", "1,248 CC", "74 bhp"): ``used_cars``;
- no header row, the target first or last, a few zero sizes: ``abalone``, ``abalone_sex``.

A set is sent as its file format writes it (a comma CSV unless said); the ONNX usage code,
which reads text files, gets a workbook's rows as the comma CSV a person would save.
"""

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd

ProblemType = Literal["classification", "regression", "clustering"]
Rng = np.random.Generator


def csv_bytes(frame: pd.DataFrame) -> bytes:
    return frame.to_csv(index=False).encode()


EURO_COLUMNS = ("Preis", "Umsatz")
PERCENT_COLUMNS = ("Rabatt",)


def european_csv(frame: pd.DataFrame) -> bytes:
    """The rows as a German spreadsheet saves them: semicolons, decimal commas, dates
    day.month.year, Windows-1252, the `EURO_COLUMNS` as amounts with thousands points and
    the euro sign and the `PERCENT_COLUMNS` with a percent sign; a title and the date of
    the export above the header row."""
    written = frame.copy()
    for name in EURO_COLUMNS:
        written[name] = [euros(value) for value in frame[name]]
    for name in PERCENT_COLUMNS:
        written[name] = [f"{value:.1f}%".replace(".", ",") for value in frame[name]]
    text = written.to_csv(index=False, sep=";", decimal=",", date_format="%d.%m.%Y")
    return f"Umsätze je Filiale\nStand: 31.12.2023\n\n{text}".encode("cp1252")


def euros(value: float) -> str | None:
    """An amount as a German spreadsheet writes it: 1.250,00 €."""
    if np.isnan(value):
        return None
    grouped = f"{value:,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".")
    return f"{grouped} €"


def joined_csv(frame: pd.DataFrame) -> bytes:
    """The rows as two files joined end to end, the second with its header row too."""
    half = len(frame) // 2
    return (frame.iloc[:half].to_csv(index=False) + frame.iloc[half:].to_csv(index=False)).encode()


def spaced_csv(frame: pd.DataFrame) -> bytes:
    """The rows with a space after every comma and "?" for a missing cell, as some public
    data sets are written."""
    return frame.to_csv(index=False, na_rep="?").replace(",", ", ").encode()


def headerless_csv(frame: pd.DataFrame) -> bytes:
    """The rows with no header row, as the UCI repository's .data files are written."""
    return frame.to_csv(index=False, header=False).encode()


def workbook_bytes(frame: pd.DataFrame) -> bytes:
    """The rows in a workbook's second sheet, below a title and a blank row; the first
    sheet holds notes."""
    notes = pd.DataFrame({"note": ["Exported from the shop", "Amounts in euros"]})
    buffer = io.BytesIO()
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        notes.to_excel(writer, sheet_name="Notes", index=False, header=False)
        frame.to_excel(writer, sheet_name="Orders", index=False, startrow=2)
        writer.sheets["Orders"]["A1"] = "Orders, last quarter"
    return buffer.getvalue()


@dataclass(frozen=True)
class FileFormat:
    suffix: str
    content_type: str
    write: Callable[[pd.DataFrame], bytes]


COMMA_CSV = FileFormat("csv", "text/csv", csv_bytes)
EUROPEAN_CSV = FileFormat("csv", "text/csv", european_csv)
SPACED_CSV = FileFormat("csv", "text/csv", spaced_csv)
JOINED_CSV = FileFormat("csv", "text/csv", joined_csv)
HEADERLESS_CSV = FileFormat("csv", "text/csv", headerless_csv)
WORKBOOK = FileFormat(
    "xlsx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    workbook_bytes,
)


def _with_missing(values: np.ndarray, rng: Rng, share: float) -> np.ndarray:
    """A float copy of `values` with about `share` of its cells missing."""
    result = values.astype(np.float64)
    result[rng.random(len(result)) < share] = np.nan
    return result


def _with_outliers(values: np.ndarray, rng: Rng, count: int, scale: float) -> np.ndarray:
    """A float copy of `values` with `count` cells pushed `scale` times their spread away."""
    result = values.astype(np.float64)
    rows = rng.choice(len(result), size=count, replace=False)
    spread = float(np.nanstd(result)) or 1.0
    result[rows] = float(np.nanmean(result)) + scale * spread * rng.choice([-1.0, 1.0], count)
    return result


def _text(values: np.ndarray, rng: Rng, share: float) -> pd.Series:
    """Text values with about `share` of them missing."""
    series = pd.Series(values, dtype=object)
    series[rng.random(len(series)) < share] = None
    return series


def _yes_no(flags: np.ndarray, rng: Rng, share: float) -> pd.Series:
    return _text(np.where(flags, "Yes", "No"), rng, share)


def _ids(prefix: str, rows: int, rng: Rng) -> list[str]:
    numbers = rng.choice(np.arange(10_000, 99_999), size=rows, replace=False)
    return [f"{prefix}-{number}" for number in numbers]


def penguins(seed: int = 0, rows: int = 344) -> pd.DataFrame:
    """Three species told apart by their measurements; four rows without a species, two
    without any measurement, a sex written "." once, and a few wild body masses."""
    rng = np.random.default_rng(seed)
    species = rng.choice(["Adelie", "Gentoo", "Chinstrap"], size=rows, p=[0.44, 0.36, 0.2])
    bill_length = np.select(
        [species == "Adelie", species == "Gentoo"], [38.8, 47.5], 48.8
    ) + rng.normal(0, 2.5, rows)
    bill_depth = np.where(species == "Gentoo", 15.0, 18.3) + rng.normal(0, 1.0, rows)
    flipper = np.select([species == "Gentoo"], [217.0], 191.0) + rng.normal(0, 6.5, rows)
    mass = np.where(species == "Gentoo", 5076.0, 3720.0) + rng.normal(0, 420.0, rows)
    island = np.where(
        species == "Gentoo", "Biscoe", rng.choice(["Biscoe", "Dream", "Torgersen"], rows)
    )
    sex = _text(rng.choice(["MALE", "FEMALE"], size=rows), rng, 0.03)
    sex[7] = "."
    frame = pd.DataFrame(
        {
            "species": _text(species, rng, 0.0),
            "island": island,
            "bill_length_mm": _with_missing(bill_length, rng, 0.02),
            "bill_depth_mm": _with_missing(bill_depth, rng, 0.02),
            "flipper_length_mm": _with_missing(flipper.round(), rng, 0.02),
            "body_mass_g": _with_outliers(_with_missing(mass.round(-1), rng, 0.02), rng, 3, 6),
            "sex": sex,
            "year": rng.choice([2007, 2008, 2009], size=rows),
        }
    )
    frame.loc[[3, 271], ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]] = (
        np.nan
    )
    frame.loc[[11, 40, 150, 300], "species"] = None
    return frame


def cost(seed: int = 1, rows: int = 300) -> pd.DataFrame:
    """Insurance claims: 85 % of policies claim nothing, the others a skewed amount; an id
    per policy, a currency that never changes and a notes column nobody filled."""
    rng = np.random.default_rng(seed)
    age = rng.integers(18, 80, size=rows).astype(np.float64)
    bmi = rng.normal(28, 5, rows)
    smoker = rng.random(rows) < 0.2
    claims = rng.random(rows) < 0.14 + 0.12 * smoker
    amount = np.exp(rng.normal(7 + 0.02 * age, 0.8)) * np.where(smoker, 1.5, 1.0)
    target = np.where(claims, amount.round(2), 0.0)
    target[rng.choice(rows, size=6, replace=False)] = np.nan
    return pd.DataFrame(
        {
            "policy_id": _ids("P", rows, rng),
            "age": _with_missing(age, rng, 0.05),
            "bmi": _with_outliers(_with_missing(bmi.round(1), rng, 0.04), rng, 4, 7),
            "children": rng.integers(0, 5, size=rows),
            "smoker": _yes_no(smoker, rng, 0.02),
            "region": _text(rng.choice(["north", "south", "east", "west"], rows), rng, 0.03),
            "currency": "EUR",
            "notes": np.full(rows, np.nan),
            "claim_cost": target,
        }
    )


CATEGORIES = (
    "books", "music", "films", "games", "toys", "garden",
    "kitchen", "sports", "beauty", "health", "office",
)  # fmt: skip


def twelve_classes(seed: int = 2, rows: int = 360) -> pd.DataFrame:
    """Orders of twelve product categories, one of which ("gift_card") is bought once; an
    order id, and a store code with 300 levels."""
    rng = np.random.default_rng(seed)
    codes = np.arange(rows) % len(CATEGORIES)
    category = np.asarray(CATEGORIES, dtype=object)[rng.permutation(codes)]
    position = np.asarray([CATEGORIES.index(name) for name in category], dtype=np.float64)
    price = 5 + 4 * position + rng.gamma(2.0, 2.0, rows)
    weight = 0.2 + 0.15 * position + rng.normal(0, 0.3, rows).clip(-0.15)
    category[rng.integers(rows)] = "gift_card"
    stores = np.concatenate([np.arange(300), rng.integers(0, 300, size=rows - 300)])
    return pd.DataFrame(
        {
            "order_id": _ids("ORD", rows, rng),
            "store_code": [f"S{number:03d}" for number in rng.permutation(stores)],
            "price": _with_outliers(price.round(2), rng, 3, 8),
            "quantity": rng.integers(1, 6, size=rows),
            "weight_kg": _with_missing(weight.round(3), rng, 0.06),
            "channel": _text(rng.choice(["web", "shop", "phone"], rows), rng, 0.04),
            "category": category,
        }
    )


SKIES = ("sunny", "cloudy", "rain", "storm", "fog")


def weather(seed: int = 3, rows: int = 365) -> pd.DataFrame:
    """A year of daily readings dated "Jun 12 1998", rain flags written Yes/No, the sky of
    the day in five classes and the day's highest temperature."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("1998-01-01", periods=rows, freq="D")
    season = np.cos(2 * np.pi * (days.day_of_year.to_numpy() - 200) / 365)
    max_temp = 18 + 9 * season + rng.normal(0, 3, rows)
    humidity = (65 - 10 * season + rng.normal(0, 12, rows)).clip(10, 100)
    rainfall = np.where(rng.random(rows) < 0.3, rng.gamma(1.5, 4.0, rows), 0.0)
    sky = np.select(
        [rainfall > 8, rainfall > 0, humidity > 85, max_temp > 20],
        ["storm", "rain", "fog", "sunny"],
        "cloudy",
    )
    return pd.DataFrame(
        {
            "date": days.strftime("%b %d %Y"),
            "min_temp": _with_missing((max_temp - rng.uniform(4, 12, rows)).round(1), rng, 0.03),
            "max_temp": max_temp.round(2),
            "rainfall": _with_outliers(_with_missing(rainfall.round(1), rng, 0.04), rng, 2, 9),
            "humidity": _with_missing(humidity.round(), rng, 0.05),
            "wind_dir": _text(
                rng.choice(["N", "NE", "E", "SE", "S", "SW", "W", "NW"], rows), rng, 0.05
            ),
            "rain_today": _yes_no(rainfall > 0, rng, 0.03),
            "rain_tomorrow": _yes_no(np.roll(rainfall, -1) > 0, rng, 0.03),
            "sky": sky,
        }
    )


def clusters(seed: int = 4, rows: int = 300) -> pd.DataFrame:
    """Customers in three groups, no label; a constant source, an empty comment column, a
    Yes/No member flag, missing values and a few extreme spenders."""
    rng = np.random.default_rng(seed)
    centres = np.array([[20.0, 200.0, 2.0], [45.0, 900.0, 8.0], [70.0, 400.0, 4.0]])
    group = rng.integers(0, 3, size=rows)
    points = centres[group] + rng.normal(0, 1, (rows, 3)) * np.array([5.0, 80.0, 1.0])
    return pd.DataFrame(
        {
            "age": _with_missing(points[:, 0].round(), rng, 0.04),
            "spend": _with_outliers(_with_missing(points[:, 1].round(2), rng, 0.03), rng, 3, 8),
            "visits": points[:, 2].round().clip(0),
            "segment": _text(rng.choice(["retail", "online", "mixed"], rows), rng, 0.05),
            "member": _yes_no(group == 1, rng, 0.02),
            "source": "crm",
            "comment": np.full(rows, np.nan),
        }
    )


def listings(seed: int = 5, rows: int = 320) -> pd.DataFrame:
    """Flats for rent: the price follows the area and the district; an area of ``inf``
    here and there, districts spelled every way, fees and discounts written as text, zip
    codes with leading zeros, the room count twice under one header and a dozen rows
    listed twice."""
    rng = np.random.default_rng(seed)
    area = (rng.gamma(4.0, 20.0, rows) + 20).round(1)
    rooms = np.clip((area / 25 + rng.normal(0, 0.7, rows)).round(), 1, 9)
    district = rng.choice(["North", "South", "East", "West"], rows)
    uplift = np.select(
        [district == "North", district == "South", district == "West"], [1.3, 0.9, 1.1], 1.0
    )
    price = (area * 3100 * uplift + rng.normal(0, 15000, rows)).round(-2)
    price[rng.choice(rows, 5, replace=False)] = np.nan
    price[rng.integers(rows)] = np.inf
    written_area = _with_missing(area, rng, 0.03)
    written_area[rng.choice(rows, 3, replace=False)] = [np.inf, np.inf, -np.inf]
    spellings = [rng.choice([name, name.lower(), name.upper(), name + " "]) for name in district]
    listed = pd.Series(pd.date_range("2021-01-01", periods=rows, freq="37h").strftime("%Y-%m-%d"))
    listed[rng.random(rows) < 0.05] = None
    furnished = pd.Series(rng.random(rows) < 0.25 + 0.002 * area, dtype=object)
    furnished[rng.random(rows) < 0.05] = None
    frame = pd.DataFrame(
        {
            "größe_m²": written_area,
            "rooms": rooms,
            "rooms_again": rooms,
            "district": spellings,
            "discount": _text(np.array([f"{v}%" for v in rng.integers(0, 30, rows)]), rng, 0.1),
            "fee": [f"${value:,.2f}" for value in rng.gamma(2.0, 700.0, rows)],
            "zip": [f"{code:05d}" for code in rng.choice([501, 2134, 10001, 94103], rows)],
            "listed": listed,
            "furnished": furnished,
            "price": price,
        }
    ).rename(columns={"rooms_again": "rooms"})
    # formulas that failed in the spreadsheet the file was saved from
    frame.isetitem(1, frame.iloc[:, 1].to_numpy(dtype=object))
    frame.iloc[rng.choice(rows, 3, replace=False), 1] = "#N/A"
    frame.loc[rng.choice(rows, 2, replace=False), "fee"] = "#VALUE!"
    twice = frame.iloc[rng.choice(rows, 12, replace=False)]
    return pd.concat([frame, twice], ignore_index=True)


def survey(seed: int = 6, rows: int = 180) -> pd.DataFrame:
    """A questionnaire: a hundred 1-5 answers that follow each respondent's mood, ten
    free-text "other" answers, and whether the respondent was satisfied."""
    rng = np.random.default_rng(seed)
    mood = rng.normal(size=rows)
    columns: dict[str, object] = {}
    for question in range(1, 101):
        leaning = mood * rng.uniform(0, 1.2) + rng.normal(0, 1, rows)
        answers = np.clip(np.round(3 + leaning), 1, 5)
        answers[rng.random(rows) < 0.04] = np.nan
        columns[f"Q{question}. How much do you agree? (1-5)"] = answers
    for question in range(1, 11):
        other = rng.choice(["a", "b", "c", "d e", "f/g"], rows)
        columns[f"Q{question} other [text]"] = _text(other, rng, 0.3)
    columns["Age group"] = rng.choice(["18-24", "25-34", "35-44", "45+"], rows)
    columns["1st visit?"] = rng.choice(["Y", "N"], rows)
    columns["Satisfied?"] = np.where(mood + rng.normal(0, 0.5, rows) > 0, "Yes", "No")
    return pd.DataFrame(columns)


def bakery(seed: int = 7, rows: int = 400) -> pd.DataFrame:
    """Daily sales of four branches: the takings follow the branch, the weekday, the
    weather and the price; written by `european_csv`."""
    rng = np.random.default_rng(seed)
    branch = rng.choice(["München", "Köln", "Düsseldorf", "Zürich"], rows)
    day = pd.Timestamp("2023-01-02") + pd.to_timedelta(rng.integers(0, 365, rows), unit="D")
    temperature = rng.normal(12, 8, rows).round(1)
    holiday = rng.random(rows) < 0.05
    price = rng.choice([2.5, 3.2, 4.8], rows)
    uplift = np.select([branch == "München", branch == "Zürich"], [1.4, 1.8], 1.0)
    takings = (
        1200 * uplift
        + 300 * (day.dayofweek.to_numpy() >= 5)
        + 25 * temperature
        - 150 * price
        + rng.normal(0, 120, rows)
    ).round(2)
    takings[rng.choice(rows, 4, replace=False)] = np.nan
    return pd.DataFrame(
        {
            "Filiale": branch,
            "Datum": day,
            "Temperatur (°C)": _with_missing(temperature, rng, 0.04),
            "Feiertag": np.where(holiday, "ja", "nein"),
            "Wetter": _text(rng.choice(["sonnig", "bewölkt", "Regen", "Schnee"], rows), rng, 0.05),
            "Preis": price,
            "Rabatt": rng.choice([0, 5, 12.5], rows),
            "Umsatz": _with_outliers(takings, rng, 3, 6),
        }
    )


def shop_orders(seed: int = 8, rows: int = 300) -> pd.DataFrame:
    """Orders from a workbook: whether each was delivered, returned or lost (lost is
    rare) follows the amount, the express flag and the items; a few amounts were typed as
    text, postcodes are text with leading zeros."""
    rng = np.random.default_rng(seed)
    amount = rng.gamma(2.0, 40.0, rows).round(2)
    express = rng.random(rows) < 0.3
    items = rng.integers(1, 8, rows)
    score = 0.02 * amount - 1.2 * express + 0.3 * items + rng.normal(0, 1, rows)
    status = np.where(score > 3.2, "returned", "delivered").astype(object)
    status[rng.choice(rows, 6, replace=False)] = "lost"
    typed = pd.Series(amount, dtype=object)
    as_text = rng.choice(rows, 9, replace=False)
    typed[as_text] = [f"{value:.2f}" for value in amount[as_text]]
    flags = pd.Series(express, dtype=object)
    flags[rng.random(rows) < 0.04] = None
    counted = _with_missing(items, rng, 0.05)
    return pd.DataFrame(
        {
            "order_date": pd.Timestamp("2024-03-01")
            + pd.to_timedelta(rng.integers(0, 200 * 24, rows), unit="h"),
            "amount": typed,
            "express": flags,
            "items": counted,
            "postcode": [f"{code:05d}" for code in rng.choice([501, 2134, 8001, 60311], rows)],
            "notes": _text(rng.choice(["", "gift", "call first"], rows), rng, 0.8),
            "status": status,
        }
    )


def passengers(seed: int = 9, rows: int = 420) -> pd.DataFrame:
    """Who survived a sinking, coded 0/1: the class (1/2/3), sex and age decide; a cabin
    known for a fifth of them, a name each, some fares of zero and a port missing twice."""
    rng = np.random.default_rng(seed)
    travel_class = rng.choice([1, 2, 3], rows, p=[0.25, 0.2, 0.55])
    sex = rng.choice(["male", "female"], rows, p=[0.64, 0.36])
    age = rng.gamma(5.0, 6.0, rows).round()
    chance = 0.75 * (sex == "female") + 0.25 * (travel_class == 1) - 0.1 * (age > 50) + 0.1
    survived = (rng.random(rows) < chance).astype(np.int64)
    fare = (rng.gamma(2.0, 30.0, rows) / travel_class).round(2)
    fare[rng.choice(rows, 7, replace=False)] = 0.0
    cabin = _text(np.array([f"C{number}" for number in rng.integers(1, 150, rows)]), rng, 0.8)
    port = pd.Series(rng.choice(["S", "C", "Q"], rows, p=[0.72, 0.19, 0.09]), dtype=object)
    port[rng.choice(rows, 2, replace=False)] = None
    return pd.DataFrame(
        {
            "PassengerId": np.arange(1, rows + 1),
            "Survived": survived,
            "Pclass": travel_class,
            "Name": [f"Passenger {number} Mr. {number * 7}" for number in range(rows)],
            "Sex": sex,
            "Age": _with_missing(age, rng, 0.2),
            "SibSp": rng.poisson(0.5, rows),
            "Fare": fare,
            "Cabin": cabin,
            "Embarked": port,
        }
    )


def wine_grades(seed: int = 10, rows: int = 500) -> pd.DataFrame:
    """Wines graded 3 to 9 by their chemistry; grade 9 is given twice and grade 3 five
    times."""
    rng = np.random.default_rng(seed)
    alcohol = rng.normal(10.5, 1.1, rows)
    acidity = rng.gamma(4.0, 0.1, rows)
    sulphates = rng.normal(0.65, 0.15, rows)
    quality = 5.6 + 0.8 * (alcohol - 10.5) - 1.5 * (acidity - 0.4) + rng.normal(0, 0.6, rows)
    grade = np.clip(np.round(quality), 4, 8).astype(np.int64)
    top, bottom = np.argsort(quality)[-2:], np.argsort(quality)[:5]
    grade[top], grade[bottom] = 9, 3
    return pd.DataFrame(
        {
            "fixed acidity": rng.normal(8.3, 1.7, rows).round(1),
            "volatile acidity": acidity.round(3),
            "residual sugar": _with_outliers(rng.gamma(2.0, 1.2, rows).round(1), rng, 4, 10),
            "sulphates": sulphates.round(2),
            "alcohol": alcohol.round(1),
            "quality": grade,
        }
    )


def abalone(seed: int = 11, rows: int = 400) -> pd.DataFrame:
    """Shellfish measured: sex (M, F or I for infant) first, seven sizes and weights in
    millimetres and grams, the rings that tell the age last; no names, so Lathe names the
    columns col_1 to col_9. A few heights are zero."""
    rng = np.random.default_rng(seed)
    sex = rng.choice(["M", "F", "I"], rows, p=[0.37, 0.31, 0.32])
    length = np.clip(rng.normal(0.52, 0.12, rows) - 0.12 * (sex == "I"), 0.08, 0.82)
    diameter = length * rng.normal(0.78, 0.03, rows)
    height = length * rng.normal(0.27, 0.04, rows)
    height[rng.choice(rows, 2, replace=False)] = 0.0
    whole = 4.2 * length**3 * rng.normal(1, 0.08, rows)
    rings = np.clip(np.round(3 + 14 * length + rng.gamma(2.0, 1.2, rows)), 1, 29).astype(np.int64)
    return pd.DataFrame(
        {
            "col_1": sex,
            "col_2": length.round(3),
            "col_3": diameter.round(3),
            "col_4": _with_outliers(height.round(3), rng, 3, 8),
            "col_5": whole.round(4),
            "col_6": (whole * rng.normal(0.43, 0.03, rows)).round(4),
            "col_7": (whole * rng.normal(0.22, 0.02, rows)).round(4),
            "col_8": (whole * rng.normal(0.29, 0.03, rows)).round(4),
            "col_9": rings,
        }
    )


def used_cars(seed: int = 12, rows: int = 360) -> pd.DataFrame:
    """Cars for sale: the price follows the year, the distance driven and the power;
    mileage, engine and power written with their units ("23.4 kmpl", "1,248 CC",
    "74 bhp"), the torque as free text, the owner as words."""
    rng = np.random.default_rng(seed)
    year = rng.integers(2004, 2021, rows)
    engine = rng.choice([796, 998, 1197, 1248, 1498, 1998, 2494], rows)
    power = (engine * rng.normal(0.062, 0.008, rows)).round(1)
    driven = (rng.gamma(2.0, 30_000, rows) * (2021 - year) / 8).round(-2)
    price = 1.1 ** (year - 2004) * power * 4000 - driven * 0.4 + rng.normal(0, 40_000, rows)
    mileage = _text(np.array([f"{value:.1f} kmpl" for value in rng.normal(19, 3, rows)]), rng, 0.03)
    return pd.DataFrame(
        {
            "year": year,
            "km_driven": driven,
            "fuel": rng.choice(["Petrol", "Diesel", "CNG"], rows, p=[0.5, 0.45, 0.05]),
            "owner": rng.choice(["First Owner", "Second Owner", "Third Owner"], rows),
            "mileage": mileage,
            "engine": [f"{value:,} CC" for value in engine],
            "max_power": _text(np.array([f"{value} bhp" for value in power]), rng, 0.02),
            "torque": [
                f"{value}Nm@ {rpm}rpm"
                for value, rpm in zip(
                    (engine / 10).round(), rng.choice([1750, 2000, 4000], rows), strict=True
                )
            ],
            "selling_price": price.clip(30_000).round(-3),
        }
    )


@dataclass(frozen=True)
class DataSet:
    """A messy file, the column to predict and what kind of problem that is."""

    name: str
    build: Callable[[], pd.DataFrame]
    problem_type: ProblemType
    target: str | None
    quirks: tuple[str, ...]
    file_format: FileFormat = COMMA_CSV

    def csv(self) -> bytes:
        """The rows as a comma CSV."""
        return csv_bytes(self.build())

    def text_file(self) -> bytes:
        """The file the ONNX usage code reads: the uploaded one when it is text, else the
        comma CSV a person would save of its rows."""
        return self.file()[1] if self.file_format.suffix == "csv" else self.csv()

    def file(self) -> tuple[str, bytes, str]:
        """The file's name, bytes and content type, as the walk uploads it."""
        written = self.file_format.write(self.build())
        return f"{self.name}.{self.file_format.suffix}", written, self.file_format.content_type


DATA_SETS: tuple[DataSet, ...] = (
    DataSet(
        "penguins",
        penguins,
        "classification",
        "species",
        ("rare level", "missing target", "missing numbers", "outliers"),
    ),
    DataSet(
        "cost",
        cost,
        "regression",
        "claim_cost",
        (
            "mostly-zero target",
            "missing target",
            "id column",
            "constant column",
            "all-missing column",
            "yes/no text",
            "missing numbers",
            "outliers",
        ),
    ),
    DataSet(
        "twelve_classes",
        twelve_classes,
        "classification",
        "category",
        ("12-class target", "single-row class", "300-level column", "id column", "outliers"),
    ),
    DataSet(
        "weather",
        weather,
        "classification",
        "sky",
        (
            "month-name dates",
            "yes/no text",
            "5 classes",
            "missing numbers",
            "outliers",
            "the header row repeated halfway",
        ),
        JOINED_CSV,
    ),
    DataSet(
        "weather_temp",
        weather,
        "regression",
        "max_temp",
        (
            "float target",
            "month-name dates",
            "yes/no text",
            "missing numbers",
            "the header row repeated halfway",
        ),
        JOINED_CSV,
    ),
    DataSet(
        "clusters",
        clusters,
        "clustering",
        None,
        ("no target", "constant column", "all-missing column", "yes/no text", "outliers"),
    ),
    DataSet(
        "listings",
        listings,
        "regression",
        "price",
        (
            "infinite numbers",
            "numbers as text",
            "zero-padded codes",
            "repeated header",
            "non-ASCII header",
            "duplicated rows",
            "one level spelled four ways",
            "failed formulas (#N/A)",
        ),
    ),
    DataSet(
        "listings_furnished",
        listings,
        "classification",
        "furnished",
        ("true/false target", "missing target", "infinite numbers", "repeated header"),
    ),
    DataSet(
        "survey",
        survey,
        "classification",
        "Satisfied?",
        ("112 columns", "names with spaces and punctuation", "free text"),
    ),
    DataSet(
        "bakery",
        bakery,
        "regression",
        "Umsatz",
        (
            "semicolons and decimal commas",
            "euro amounts target",
            "percentages with a decimal comma",
            "day.month.year dates",
            "Windows-1252 umlauts",
            "ja/nein text",
            "missing target",
            "lines above the header row",
        ),
        EUROPEAN_CSV,
    ),
    DataSet(
        "shop_orders",
        shop_orders,
        "classification",
        "status",
        (
            "workbook",
            "notes on the first sheet",
            "a title above the table",
            "native dates and booleans",
            "numbers stored as text",
            "zero-padded codes as text",
            "rare class",
        ),
        WORKBOOK,
    ),
    DataSet(
        "passengers",
        passengers,
        "classification",
        "Survived",
        (
            "0/1 integer target",
            "class written 1/2/3",
            "mostly-empty column",
            "name per row",
            "cells after a comma and a space",
            "? for missing",
        ),
        SPACED_CSV,
    ),
    DataSet(
        "wine_grades",
        wine_grades,
        "classification",
        "quality",
        ("integer target of 7 grades", "2-row class", "names with spaces", "outliers"),
    ),
    DataSet(
        "used_cars",
        used_cars,
        "regression",
        "selling_price",
        ("measures with units", "thousands in a measure", "free-text torque", "owner as words"),
    ),
    DataSet(
        "abalone",
        abalone,
        "regression",
        "col_9",
        ("no header row", "integer count target", "zero heights", "outliers"),
        HEADERLESS_CSV,
    ),
    DataSet(
        "abalone_sex",
        abalone,
        "classification",
        "col_1",
        ("no header row", "target in the first column", "3 classes"),
        HEADERLESS_CSV,
    ),
)
