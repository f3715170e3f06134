"""Small CSV files the API tests upload."""

SMALL_CSV = b"id,city,price,sold\n1,Paris,10.5,yes\n2,Rome,,no\n3,,7.25,yes\n4,Oslo,3,no\n"
"""Four rows with a missing price and a missing city."""

SHOP_CSV = (
    b"age,income,city,plan,bought\n"
    b"25,1000,Paris,basic,1\n"
    b"32,,Rome,pro,0\n"
    b",1500,Paris,basic,1\n"
    b"41,1200,,plus,0\n"
    b"29,99999,Oslo,basic,1\n"
    b"35,1100,Rome,pro,0\n"
    b"38,1300,Paris,plus,1\n"
    b"30,1250,Oslo,basic,0\n"
)
"""Eight customers, one without an age, one without an income, one without a city, and
one outlying income."""
