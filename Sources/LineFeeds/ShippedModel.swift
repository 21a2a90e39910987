// Written by scripts/fit-shipped-model.sh (mcsim calibrate data/nba_games_lines.csv --every-source
// --seed 1): do not edit by hand. The model every command and page uses without --model.
enum ShippedModel {
  static let json = #"""
{
  "sources" : {
    "market" : {
      "fit" : {
        "data" : "nba_games_lines.csv",
        "games" : 21574,
        "seasons" : [
          "2007-08",
          "2008-09",
          "2009-10",
          "2010-11",
          "2011-12",
          "2012-13",
          "2013-14",
          "2014-15",
          "2015-16",
          "2016-17",
          "2017-18",
          "2018-19",
          "2019-20",
          "2020-21",
          "2021-22",
          "2022-23",
          "2023-24",
          "2024-25"
        ],
        "stage" : "regular",
        "standard_errors" : {
          "away_sd" : 0.050031783235813476,
          "home_advantage" : 0.08376068789815984,
          "home_sd" : 0.050302493275410226,
          "ot_points" : 0.28320122753550553,
          "ot_rate" : 0.0015828227454675026,
          "ot_sd" : 0.20016938825800948,
          "pool_moneylines" : 0.121609355394203,
          "pool_spreads" : 0.44271698240264074,
          "pool_totals" : 0.6637374580033901,
          "rho" : 0.006185020318295806,
          "skew" : 0.0114595583222852,
          "total_shift" : 0.11446755946010696
        }
      },
      "model" : {
        "away_sd" : 10.38462507767194,
        "home_sd" : 10.440900871424192,
        "ot_model" : "flat",
        "ot_points" : 24.130153597413095,
        "ot_rate" : 0.05733753592287012,
        "ot_sd" : 9.956289349204306,
        "rho" : 0.30255356122339966,
        "skew" : 0.050244140625
      },
      "projection" : {
        "home_advantage" : -0.1771113377213312,
        "pooling" : {
          "moneylines" : 0.05010518770573963,
          "spreads" : 0.1150534048792581,
          "totals" : 0.1777906505580022
        },
        "source" : "market",
        "total_shift" : -0.9745758783721146
      },
      "version" : 1
    },
    "ratings" : {
      "fit" : {
        "data" : "nba_games_lines.csv",
        "games" : 21497,
        "seasons" : [
          "2007-08",
          "2008-09",
          "2009-10",
          "2010-11",
          "2011-12",
          "2012-13",
          "2013-14",
          "2014-15",
          "2015-16",
          "2016-17",
          "2017-18",
          "2018-19",
          "2019-20",
          "2020-21",
          "2021-22",
          "2022-23",
          "2023-24",
          "2024-25"
        ],
        "stage" : "regular",
        "standard_errors" : {
          "away_sd" : 0.051628325534177524,
          "home_advantage" : 0.0863913346071868,
          "home_sd" : 0.05197273761106598,
          "ot_points" : 0.2836950223053034,
          "ot_rate" : 0.0015865094648685363,
          "ot_sd" : 0.20051849617493772,
          "pool_moneylines" : 0.03701378611113416,
          "pool_spreads" : 0.032823127297834015,
          "pool_totals" : 0.03762177196989551,
          "rho" : 0.006189490812294741,
          "skew" : 0.011422092978652735,
          "total_shift" : 0.11826947756323974
        }
      },
      "model" : {
        "away_sd" : 10.697340707661928,
        "home_sd" : 10.768805916783712,
        "ot_model" : "flat",
        "ot_points" : 24.12155591572123,
        "ot_rate" : 0.057403358608177885,
        "ot_sd" : 9.961552234304753,
        "rho" : 0.3041475621731304,
        "skew" : 0.05221862792968751
      },
      "projection" : {
        "home_advantage" : -0.039357984343982216,
        "pooling" : {
          "moneylines" : 0.017601243435026455,
          "spreads" : 0.01012976520160605,
          "totals" : 0
        },
        "ratings" : {
          "carry" : 0.6828339097602742,
          "half_life_days" : 35.3395911761308,
          "league_ridge" : 2,
          "team_ridge" : 6.317314487183861
        },
        "source" : "ratings",
        "total_shift" : -0.4699447090752722
      },
      "version" : 1
    },
    "stats" : {
      "fit" : {
        "data" : "nba_games_lines.csv",
        "games" : 20151,
        "seasons" : [
          "2007-08",
          "2008-09",
          "2009-10",
          "2010-11",
          "2011-12",
          "2012-13",
          "2013-14",
          "2014-15",
          "2015-16",
          "2016-17",
          "2017-18",
          "2018-19",
          "2019-20",
          "2020-21",
          "2021-22",
          "2022-23",
          "2023-24",
          "2024-25"
        ],
        "stage" : "regular",
        "standard_errors" : {
          "away_sd" : 0.05436039486008078,
          "home_advantage" : 0.0907745749456767,
          "home_sd" : 0.0548750670721768,
          "ot_points" : 0.29736179398934093,
          "ot_rate" : 0.0016374843879281304,
          "ot_sd" : 0.2101807394272953,
          "pool_moneylines" : 0.03037190201293615,
          "pool_spreads" : 0.026903266062977674,
          "pool_totals" : 0.027771065458473996,
          "rho" : 0.006371940759349366,
          "skew" : 0.011933901146695436,
          "total_shift" : 0.12493457458642886
        }
      },
      "model" : {
        "away_sd" : 10.905402189186054,
        "home_sd" : 11.008796638980339,
        "ot_model" : "flat",
        "ot_points" : 24.153246753246755,
        "ot_rate" : 0.057317254726812567,
        "ot_sd" : 10.101803247565883,
        "rho" : 0.3089922107189662,
        "skew" : 0.0860870361328125
      },
      "projection" : {
        "home_advantage" : 2.5550970610027974,
        "pooling" : {
          "moneylines" : 0.009864878678560106,
          "spreads" : 0.0011020511311554187,
          "totals" : 0.0004086031400542381
        },
        "source" : "stats",
        "total_shift" : 0.1897299351976287
      },
      "version" : 1
    }
  },
  "version" : 2
}
"""#
}
